"""Sudoku: solve, count, rate, explain and generate."""
