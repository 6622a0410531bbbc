/**
 * The list length past which paging, truncation and narrow id columns commonly give way (pages of 25, 50, 100 or
 * 250; an id that outgrows a byte): LIST-2 reads the list once it holds more than 256 categories. The command line
 * states it (the top-up's default), the checks rely on it.
 */
export const LONG_LIST = 257;
