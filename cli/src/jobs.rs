//! `--jobs N`: how many threads a subcommand may start. The same rule everywhere (`solve`,
//! the puzzles, `sudoku solve|count|generate`, `bench`): 0 means one per core; no more
//! threads than there are pieces of work; and never more than [`PER_CORE`] per core, since
//! threads past the cores only take turns on them (a hundred thousand of them made the
//! machine unusable and the work 40 times slower).

use super::Context;

/// The most threads per core `--jobs` may ask for.
pub const PER_CORE: usize = 4;

/// The cores this process may use (1 if the system will not say).
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The threads to start for `--jobs requested` on `items` pieces of work: all cores for 0,
/// at most [`PER_CORE`] per core, at most one per item, and at least one. A cap the user may
/// not expect is said on standard error.
pub fn threads(requested: usize, items: usize, ctx: &Context) -> usize {
    threads_on(requested, items, cores(), |limit| {
        ctx.warn(format_args!(
            "--jobs {requested} is more threads than are useful here: using {limit} ({PER_CORE} per core at most, on {} cores)",
            cores()
        ))
    })
}

fn threads_on(requested: usize, items: usize, cores: usize, warn: impl FnOnce(usize)) -> usize {
    let most = cores.saturating_mul(PER_CORE);
    let wanted = match requested {
        0 => cores,
        n if n > most => {
            warn(most);
            most
        }
        n => n,
    };
    wanted.min(items).max(1)
}

#[cfg(test)]
mod tests {
    use super::threads_on;

    #[test]
    fn jobs_are_capped_by_the_cores_and_the_work() {
        let quiet = |_| {};
        assert_eq!(threads_on(0, 100, 8, quiet), 8);
        assert_eq!(threads_on(3, 100, 8, quiet), 3);
        assert_eq!(threads_on(3, 2, 8, quiet), 2);
        assert_eq!(threads_on(0, 0, 8, quiet), 1);
        let mut warned = None;
        assert_eq!(threads_on(100_000, 1_000_000, 2, |n| warned = Some(n)), 8);
        assert_eq!(warned, Some(8));
    }
}
