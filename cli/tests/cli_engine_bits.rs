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

/// The statistics block of `args` (standard error), as lines.
fn stats_block(args: &[&str]) -> Vec<String> {
    let out = dlxkit().args(args).output().unwrap();
    assert!(out.status.success(), "{out:?}");
    let err = String::from_utf8(out.stderr).unwrap();
    err.lines()
        .filter(|l| !l.starts_with("time") && !l.starts_with("problem"))
        .map(str::to_string)
        .collect()
}

#[test]
fn each_engine_shows_only_the_counts_it_keeps_and_names_itself() {
    // Knuth's DLX2 on his colour example: 4 nodes, 14 updates, 5 cleansings.
    let colours = [
        "solve",
        "--count",
        "--stats",
        "--quiet",
        "data/dlx/knuth-colors.dlx",
    ];
    let on_bits = stats_block(&colours);
    let links: Vec<&str> = colours
        .iter()
        .copied()
        .chain(["--engine", "links"])
        .collect();
    let on_links = stats_block(&links);
    assert_eq!(on_bits.last().unwrap(), "engine      bits");
    assert_eq!(on_links.last().unwrap(), "engine      links");
    // The links keep DLX2's updates and cleansings; the bit sets (the same tree) only nodes.
    assert!(
        on_links.contains(&"updates     14".to_string()),
        "{on_links:?}"
    );
    assert!(
        on_links.contains(&"cleansings  5".to_string()),
        "{on_links:?}"
    );
    assert!(
        !on_bits
            .iter()
            .any(|l| l.starts_with("updates") || l.starts_with("cleansings")),
        "{on_bits:?}"
    );
    let nodes = |block: &[String]| block.iter().find(|l| l.starts_with("nodes")).cloned();
    assert_eq!(nodes(&on_bits), nodes(&on_links));
    // Queens through the puzzle subcommand, and the JSON summary.
    let json = |engine: &str| {
        let out = dlxkit()
            .args([
                "queens", "8", "--count", "--format", "json", "--engine", engine,
            ])
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["engine"], engine);
        (
            v["solutions"].clone(),
            v["nodes"].clone(),
            v["updates"].clone(),
        )
    };
    let (bits, links) = (json("bits"), json("links"));
    assert_eq!((&bits.0, &bits.1), (&links.0, &links.1));
    assert!(bits.2.is_null(), "the bit sets keep no updates: {bits:?}");
    assert!(links.2.as_u64().unwrap() > 0);
}

/// JSON from each engine names its engine and holds exactly the counts it keeps (Knuth's
/// DLX2 figures on the links, SSXCC's updates on the cells, the tree alone on the bit sets),
/// and asking for JSON or `--stats` leaves the default engine where it is in text.
#[test]
fn json_from_each_engine_names_it_and_holds_exactly_its_counts() {
    let json = |engine: Option<&str>| {
        let mut args = vec![
            "solve",
            "data/dlx/knuth-colors.dlx",
            "--quiet",
            "--format",
            "json",
        ];
        args.extend(engine.iter().flat_map(|e| ["--engine", e]));
        let out = dlxkit()
            .args(&args)
            .current_dir(crate::ROOT)
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let mut keys: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
        keys.retain(|k| ["nodes", "updates", "cleansings"].contains(&k.as_str()));
        keys.sort();
        (
            v["engine"].as_str().unwrap().to_string(),
            keys,
            v["nodes"].clone(),
        )
    };
    let (engine, keys, nodes) = json(Some("links"));
    assert_eq!(
        (engine.as_str(), keys),
        (
            "links",
            vec!["cleansings".into(), "nodes".into(), "updates".into()]
        )
    );
    assert_eq!(nodes, 4);
    let (engine, keys, _) = json(Some("cells"));
    assert_eq!(
        (engine.as_str(), keys),
        ("cells", vec!["nodes".into(), "updates".into()])
    );
    let (engine, keys, bits_nodes) = json(Some("bits"));
    assert_eq!((engine.as_str(), keys), ("bits", vec!["nodes".to_string()]));
    assert_eq!(bits_nodes, nodes, "the bit sets search the links' tree");
    // The default engine: the same with JSON and with --stats as in text.
    let (default, _, _) = json(None);
    let out = dlxkit()
        .args(["solve", "data/dlx/knuth-colors.dlx", "--quiet", "--stats"])
        .current_dir(crate::ROOT)
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.lines().any(|l| l == format!("engine      {default}")),
        "{err}"
    );
}
