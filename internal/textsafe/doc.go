// Package textsafe finds and escapes the characters that must not reach a
// terminal or a document raw: C0 and C1 control characters (NUL, ESC, ...;
// a terminal acts on them) and the bidirectional controls (U+202E and the
// like; they reorder the text around them, so a name can show as another).
// Rulesets refuse such characters (Control); names read from a level file,
// which anyone can edit, are escaped where they are written out (Escape).
package textsafe
