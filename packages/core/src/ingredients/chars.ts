/**
 * The character codes the parser compares with, by name. The parser reads a line by character
 * code (`charCodeAt`), which is what keeps it the fastest npm ingredient parser (bench/README.md
 * "parse-ingredients"); these names say which character each code is. Each module copies the
 * ones it uses into module constants (`const { SPACE } = CHAR`), which the compiler folds.
 */
export const CHAR = {
  TAB: 9,
  SPACE: 32,
  PERCENT: 37,
  APOSTROPHE: 39,
  OPEN_PAREN: 40,
  CLOSE_PAREN: 41,
  PLUS: 43,
  COMMA: 44,
  HYPHEN: 45,
  DOT: 46,
  SLASH: 47,
  DIGIT_0: 48,
  DIGIT_9: 57,
  COLON: 58,
  SEMICOLON: 59,
  UPPER_A: 65,
  UPPER_Z: 90,
  OPEN_BRACKET: 91,
  LOWER_A: 97,
  LOWER_D: 100,
  LOWER_E: 101,
  LOWER_F: 102,
  LOWER_H: 104,
  LOWER_L: 108,
  LOWER_M: 109,
  LOWER_N: 110,
  LOWER_O: 111,
  LOWER_P: 112,
  LOWER_Q: 113,
  LOWER_R: 114,
  LOWER_S: 115,
  LOWER_T: 116,
  LOWER_X: 120,
  LOWER_Z: 122,
  TILDE: 126,
  /** The last ASCII code: anything above is a letter or sign of another script. */
  LAST_ASCII: 127,
  /** ASCII upper and lower case differ in this bit: `c | LOWERCASE_BIT` lower-cases a letter. */
  LOWERCASE_BIT: 32,
} as const;
