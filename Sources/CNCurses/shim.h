// What Swift needs from ncursesw and cannot import by itself: the wide-character API
// (hidden unless NCURSES_WIDECHAR is defined before the include, because SwiftPM drops
// pkg-config's -D flags) and the function-like macros for attributes, mouse masks,
// function keys and `stdscr` (shared mutable state that Swift 6 rejects).
#ifndef HUBSIM_CNCURSES_SHIM_H
#define HUBSIM_CNCURSES_SHIM_H

#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <stdio.h>
#include <langinfo.h>
#include <wchar.h>
#include <ncursesw/curses.h>

// Attributes (A_* are macros built from NCURSES_BITS, invisible to Swift).
static inline attr_t cn_attr_normal(void) { return A_NORMAL; }
static inline attr_t cn_attr_bold(void) { return A_BOLD; }
static inline attr_t cn_attr_dim(void) { return A_DIM; }
static inline attr_t cn_attr_reverse(void) { return A_REVERSE; }
static inline attr_t cn_attr_underline(void) { return A_UNDERLINE; }

// Mouse masks.
static inline mmask_t cn_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t cn_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t cn_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t cn_button2_pressed(void) { return BUTTON2_PRESSED; }
static inline mmask_t cn_button2_clicked(void) { return BUTTON2_CLICKED; }
static inline mmask_t cn_button3_pressed(void) { return BUTTON3_PRESSED; }
static inline mmask_t cn_button3_clicked(void) { return BUTTON3_CLICKED; }
static inline mmask_t cn_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t cn_button5_pressed(void) { return BUTTON5_PRESSED; }
static inline mmask_t cn_all_mouse_events(void) { return ALL_MOUSE_EVENTS; }

// Keys.
static inline int cn_key_f(int n) { return KEY_F(n); }

// Global state Swift 6 refuses to touch directly.
static inline WINDOW *cn_stdscr(void) { return stdscr; }
static inline WINDOW *cn_curscr(void) { return curscr; }
static inline FILE *cn_stdout(void) { return stdout; }
static inline FILE *cn_stdin(void) { return stdin; }
static inline int cn_colors(void) { return COLORS; }
static inline int cn_color_pairs(void) { return COLOR_PAIRS; }

/// The window's size (getmaxyx is a macro).
static inline int cn_height(WINDOW *w) { return getmaxy(w); }
static inline int cn_width(WINDOW *w) { return getmaxx(w); }

/// Draws one cell: `wch` is up to CCHARW_MAX characters (a spacing character and its
/// combining marks), `count` how many; done in C because cchar_t's layout is opaque to Swift.
static inline int cn_put_cell(WINDOW *w, int y, int x, const wchar_t *wch, int count, attr_t attr, short pair) {
    wchar_t buf[CCHARW_MAX + 1];
    int n = count < CCHARW_MAX ? count : CCHARW_MAX;
    for (int i = 0; i < n; i++) buf[i] = wch[i];
    buf[n] = L'\0';
    cchar_t cell;
    if (setcchar(&cell, buf, attr, pair, NULL) == ERR) return ERR;
    return mvwadd_wch(w, y, x, &cell);
}

/// `nl_langinfo(CODESET)`, to check that the locale is UTF-8.
static inline const char *cn_codeset(void) { return nl_langinfo(CODESET); }

#endif
