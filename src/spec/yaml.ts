import yaml, { type Type } from 'js-yaml';

/**
 * The YAML schema a spec's files are read with: js-yaml's JSON schema, as swagger-parser's own YAML parser reads them
 * (a date or a `yes` stays the text it is, as JSON would hold it), and YAML 1.1's merge key (`<<: *anchor`), which
 * that schema leaves out: there `<<` is a key like any other, and a response written `401: {<<: *unauthorized}` is
 * an object with a property "<<", which the OpenAPI schema rejects. js-yaml declares its merge type in its `types`,
 * which its type definitions leave out.
 */
const SPEC_SCHEMA = yaml.JSON_SCHEMA.extend({ implicit: [(yaml as unknown as { types: { merge: Type } }).types.merge] });

/** A spec file's text as YAML (JSON is YAML): what it holds, merge keys merged; throws js-yaml's error where it is not. */
export function parseSpecYaml(text: string): unknown {
  return yaml.load(text, { schema: SPEC_SCHEMA });
}

/**
 * swagger-parser's options that read YAML with {@link parseSpecYaml}: its YAML parser's other settings (which files it
 * takes, its order) stay as they are. A parse error is worded by the parser as its own ("Error parsing <file>: …").
 */
export const SPEC_YAML_OPTIONS = {
  parse: {
    yaml: {
      parse: ({ data }: { data: Buffer | string | unknown }): unknown =>
        Buffer.isBuffer(data) ? parseSpecYaml(data.toString('utf8')) : typeof data === 'string' ? parseSpecYaml(data) : data,
    },
  },
};
