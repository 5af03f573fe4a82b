//! Sudoku text formats (being written).
