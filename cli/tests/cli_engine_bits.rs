//! `--engine bits` on the command line: the bitset engine counts as the links count (the
//! same solutions and nodes), on every shard of a list too.

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
fn engine_bits_counts_every_shard_of_a_list() {
    // knuth-toy.dlx has one solution: it is in exactly one of the two shards.
    let mut total = 0;
    for shard in ["0/2", "1/2"] {
        let out = dlxkit()
            .args(["solve", "--engine", "bits", "--shard", shard, "--count"])
            .arg("data/dlx/knuth-toy.dlx")
            .output()
            .unwrap();
        assert!(out.status.code().is_some_and(|c| c <= 1), "{out:?}");
        let text = String::from_utf8(out.stdout).unwrap();
        let report: serde_json::Value = serde_json::from_str(text.trim()).unwrap();
        assert_eq!(report["status"], "complete", "{text}");
        total += report["solutions"].as_u64().unwrap();
    }
    assert_eq!(total, 1);
}
