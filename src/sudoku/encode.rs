//! Sudoku encode (to be written).
