//! `dlxkit soma --view isometric`: the picture is well-formed SVG whose faces name the seven
//! pieces, the solid shows its 27 open faces (9 on each visible side of the cube) and each
//! layer slab shows its 9 tops; `--view layers` stays the default. The coordinates are read
//! back in the library's tests (tests/puzzles_isometric.rs).

use std::collections::HashSet;

use crate::cli_util::dlxkit;
use crate::svg_util::parse_xml;

fn svg_of(args: &[&str]) -> String {
    let out = dlxkit().args(args).output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_soma_cube_in_isometric_projection() {
    let svg = svg_of(&["soma", "--format", "svg", "--view", "isometric"]);
    let elements = parse_xml(&svg);
    let faces = |class: &str, layer: Option<&str>| {
        elements
            .iter()
            .filter(|e| e.name == "path" && e.attrs.get("class").map(String::as_str) == Some(class))
            .filter(|e| e.attrs.get("data-layer").map(String::as_str) == layer)
            .count()
    };
    for class in ["top", "left", "right"] {
        assert_eq!(faces(class, None), 9, "the solid's {class} faces");
    }
    for layer in ["0", "1", "2"] {
        assert_eq!(faces("top", Some(layer)), 9, "layer {layer}");
        assert_eq!(faces("left", Some(layer)), 3, "layer {layer}");
        assert_eq!(faces("right", Some(layer)), 3, "layer {layer}");
    }
    let pieces: HashSet<&str> = elements
        .iter()
        .filter_map(|e| e.attrs.get("data-piece").map(String::as_str))
        .collect();
    assert_eq!(pieces.len(), 7);
    let layers = svg_of(&["soma", "--format", "svg"]);
    assert_eq!(layers.matches("<path class=\"piece\"").count(), 7);
    assert!(!layers.contains("data-layer"));
}
