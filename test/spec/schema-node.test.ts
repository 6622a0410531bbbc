import { describe, expect, it } from 'vitest';
import { beyondNesting, MOST_NESTING, nodeOf, recursionOf, type SchemaNode } from '../../src/spec/schema-node.js';

/** A category whose children are categories, as the loader writes it: the children's items refer to the root. */
const TREE = { type: 'object', required: ['name'], properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#' } } } };

const childrenOf = (node: SchemaNode) => node.object.properties['children']?.array.items as SchemaNode;

describe('nodeOf a recursive schema', () => {
  it(`unfolds it ${MOST_NESTING} times within itself, each level saying how deep it is, and no value deeper`, () => {
    const root = nodeOf(TREE);
    const child = childrenOf(root);
    const grandchild = childrenOf(child);
    const beyond = childrenOf(grandchild);
    expect([root.nested, child.nested, grandchild.nested, beyond.nested]).toEqual([undefined, 1, 2, 3]);
    expect([child, grandchild].map((n) => [...n.object.required])).toEqual([['name'], ['name']]);
    expect([root, child, grandchild, beyond].map(beyondNesting)).toEqual([false, false, false, true]);
    expect(beyond.types.size).toBe(0);
    expect(beyond.unsupported).toEqual([`nesting deeper than ${MOST_NESTING} levels`]);
    expect(recursionOf(root.object.properties['children'] as SchemaNode)).toBe(1);
    expect(recursionOf(root.object.properties['name'] as SchemaNode)).toBeUndefined();
  });

  it('follows refs into the root\'s definitions, counting from the first time a definition is met', () => {
    const root = nodeOf({ allOf: [{ $ref: '#/definitions/Tree' }], definitions: { Tree: { ...TREE, properties: { ...TREE.properties, children: { type: 'array', items: { $ref: '#/definitions/Tree' } } } } } });
    expect(root.nested).toBeUndefined();
    expect(childrenOf(root).nested).toBe(1);
    expect(childrenOf(childrenOf(root)).nested).toBe(2);
  });

  it('reads a ref it cannot resolve as a keyword it does not follow', () => {
    expect(nodeOf({ type: 'object', properties: { owner: { $ref: '#/definitions/Nowhere' } } }).object.properties['owner']?.unsupported).toEqual(['$ref']);
  });
});
