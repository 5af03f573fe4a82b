//! What a shard that splits itself may spend before it stops and names the rest: a number of
//! nodes, a stretch of time, or both, whichever runs out first.
//!
//! Nodes make a split that is the same on every machine and every run; time makes tasks of
//! even length when nodes cost unequal amounts in different parts of the tree (or machines
//! differ), at the price of a split that depends on the moment: a part run again may name
//! other parts, so each part's result is kept once (`merge` names a part counted twice).

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use thiserror::Error;

/// A self-splitting shard's budget ([`super::Shard::run_within`]).
///
/// ```
/// use std::time::Duration;
/// use dlxkit::xc::shard::SplitBudget;
/// assert_eq!("100000".parse::<SplitBudget>()?, SplitBudget::nodes(100_000));
/// assert_eq!("10m".parse::<SplitBudget>()?, SplitBudget::time(Duration::from_secs(600)));
/// assert_eq!("1.5s".parse::<SplitBudget>()?.to_string(), "1.5s");
/// assert!("10M".parse::<SplitBudget>().is_err()); // minutes are `m`; nodes are a plain number
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SplitBudget {
    /// The nodes the shard may search.
    pub nodes: Option<u64>,
    /// The time the shard may search for, from its start.
    pub time: Option<Duration>,
}

impl SplitBudget {
    /// No budget: the shard is searched whole.
    pub fn unlimited() -> SplitBudget {
        SplitBudget::default()
    }

    /// A budget of `n` nodes (at least 1).
    pub fn nodes(n: u64) -> SplitBudget {
        SplitBudget {
            nodes: Some(n.max(1)),
            time: None,
        }
    }

    /// A budget of time.
    pub fn time(time: Duration) -> SplitBudget {
        SplitBudget {
            nodes: None,
            time: Some(time),
        }
    }
}

/// Why a text is not a [`SplitBudget`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SplitBudgetError {
    /// Neither a whole number nor a number with a unit of time.
    #[error(
        "`{0}` is neither a number of nodes (e.g. 1000000) nor a time (e.g. 500ms, 90s, 10m, 2h)"
    )]
    Unknown(String),
    /// Zero nodes or no time.
    #[error("`{0}` is no budget: it must be more than 0")]
    Zero(String),
    /// A time longer than a `Duration` holds.
    #[error("`{0}` is too long a time")]
    TooLong(String),
}

impl FromStr for SplitBudget {
    type Err = SplitBudgetError;

    fn from_str(text: &str) -> Result<SplitBudget, SplitBudgetError> {
        let t = text.trim();
        let unknown = || SplitBudgetError::Unknown(text.to_string());
        if t.bytes().all(|b| b.is_ascii_digit()) && !t.is_empty() {
            return match t.parse::<u64>() {
                Ok(0) => Err(SplitBudgetError::Zero(text.to_string())),
                Ok(n) => Ok(SplitBudget::nodes(n)),
                // More nodes than a u64 holds: no search reaches it, so it is no limit.
                Err(_) => Ok(SplitBudget::nodes(u64::MAX)),
            };
        }
        let (number, seconds) = [("ms", 0.001), ("s", 1.0), ("m", 60.0), ("h", 3600.0)]
            .into_iter()
            .find_map(|(unit, seconds)| Some((t.strip_suffix(unit)?, seconds)))
            .ok_or_else(unknown)?;
        // Digits and one point only: no sign, exponent, `inf` or `NaN`.
        let digits = number.bytes().filter(u8::is_ascii_digit).count();
        let points = number.bytes().filter(|&b| b == b'.').count();
        if digits == 0 || digits + points != number.len() || points > 1 {
            return Err(unknown());
        }
        let value: f64 = number.parse().map_err(|_| unknown())?;
        if value == 0.0 {
            return Err(SplitBudgetError::Zero(text.to_string()));
        }
        let time = Duration::try_from_secs_f64(value * seconds)
            .map_err(|_| SplitBudgetError::TooLong(text.to_string()))?;
        if time.is_zero() {
            return Err(SplitBudgetError::Zero(text.to_string()));
        }
        Ok(SplitBudget::time(time))
    }
}

impl fmt::Display for SplitBudget {
    /// The nodes as a number, the time in seconds (`1.5s`); both joined by `+`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.nodes, self.time) {
            (None, None) => f.write_str("unlimited"),
            (Some(n), None) => write!(f, "{n}"),
            (None, Some(t)) => write!(f, "{}s", t.as_secs_f64()),
            (Some(n), Some(t)) => write!(f, "{n}+{}s", t.as_secs_f64()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn budgets_read_and_refused() {
        assert_eq!(
            "250ms".parse(),
            Ok(SplitBudget::time(Duration::from_millis(250)))
        );
        assert_eq!(
            "2h".parse(),
            Ok(SplitBudget::time(Duration::from_secs(7200)))
        );
        assert_eq!(" 7 ".parse(), Ok(SplitBudget::nodes(7)));
        assert_eq!(
            "99999999999999999999999".parse(),
            Ok(SplitBudget::nodes(u64::MAX))
        );
        for bad in [
            "", "s", "-1s", "1e3s", "infs", "NaNs", "1.2.3s", "10M", "1 s", "+5",
        ] {
            assert_eq!(
                bad.parse::<SplitBudget>(),
                Err(SplitBudgetError::Unknown(bad.to_string())),
                "{bad}"
            );
        }
        assert_eq!(
            "0".parse::<SplitBudget>(),
            Err(SplitBudgetError::Zero("0".into()))
        );
        assert_eq!(
            "0.0s".parse::<SplitBudget>(),
            Err(SplitBudgetError::Zero("0.0s".into()))
        );
        assert_eq!(
            "0.0000000000001ms".parse::<SplitBudget>(),
            Err(SplitBudgetError::Zero("0.0000000000001ms".into()))
        );
        let huge = format!("{}h", "9".repeat(400));
        assert_eq!(
            huge.parse::<SplitBudget>(),
            Err(SplitBudgetError::TooLong(huge))
        );
        assert_eq!(
            SplitBudget::time(Duration::from_millis(1500)).to_string(),
            "1.5s"
        );
    }
}
