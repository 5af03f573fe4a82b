//! `--engine bits` on the command line: the bitset engine counts as the links count (the
//! same solutions and nodes), and a mode it does not take is refused with exit status 2.

use predicates::prelude::*;

use crate::cli_util::dlxkit;

#[test]
fn engine_bits_counts_queens_with_the_links_nodes() {
    let stats = |engine: &str| {
        let out = dlxkit()
            .args(["queens", "8", "--count", "--stats", "--engine", engine])
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        assert_eq!(String::from_utf8(out.stdout).unwrap(), "92\n");
        let err = String::from_utf8(out.stderr).unwrap();
        let nodes = err.lines().find(|l| l.starts_with("nodes")).unwrap();
        nodes.to_string()
    };
    assert_eq!(stats("bits"), stats("links"));
}

#[test]
fn engine_bits_refuses_a_shard() {
    dlxkit()
        .args(["solve", "--engine", "bits", "--shard", "0/2", "--count"])
        .arg("data/dlx/knuth-toy.dlx")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "the bits engine does not take a shard yet (the links engine does)",
        ));
}
