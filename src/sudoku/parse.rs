//! Sudoku parse (to be written).
