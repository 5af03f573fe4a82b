//! Sudoku generate (to be written).
