//! Sudoku generator (being written).
