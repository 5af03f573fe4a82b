//! A small SVG writer: enough for the pictures of puzzle solutions (filled cells, lines,
//! circles, text), with numbers rounded to two decimals so files stay small and two cells
//! that share a corner write it the same way.
//!
//! A picture is built element by element and written with [`Display`](std::fmt::Display);
//! several pictures can be laid out in one document with [`Svg::grid`].
//!
//! ```
//! use dlxkit::svg::Svg;
//! let mut svg = Svg::new(20.0, 10.0);
//! svg.path("piece", "#e41a1c", "M0 0H10V10H0Z", &[("data-piece", "A")]);
//! svg.text(15.0, 7.0, 8.0, "a < b");
//! let text = svg.to_string();
//! assert!(text.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
//! assert!(text.contains("a &lt; b"));
//! ```

use std::fmt::{self, Write as _};

/// An SVG picture under construction.
#[derive(Clone, Debug, PartialEq)]
pub struct Svg {
    width: f64,
    height: f64,
    body: String,
}

/// Writes `x` with at most two decimals and no trailing zeros (`1.5`, `-2`, `0.33`).
///
/// ```
/// use dlxkit::svg::num;
/// assert_eq!(num(1.0), "1");
/// assert_eq!(num(0.3333), "0.33");
/// assert_eq!(num(-0.001), "0");
/// ```
pub fn num(x: f64) -> String {
    let rounded = (x * 100.0).round() / 100.0;
    let rounded = if rounded == 0.0 { 0.0 } else { rounded };
    let mut s = format!("{rounded:.2}");
    while s.ends_with('0') {
        s.pop();
    }
    if s.ends_with('.') {
        s.pop();
    }
    s
}

/// Escapes text for an attribute value or element content.
///
/// ```
/// use dlxkit::svg::escape;
/// assert_eq!(escape("a<b&\"c\""), "a&lt;b&amp;&quot;c&quot;");
/// ```
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if c.is_control() && c != '\n' && c != '\t' => {}
            c => out.push(c),
        }
    }
    out
}

/// A closed polygon as path data: `M x y L x y ... Z`.
///
/// ```
/// use dlxkit::svg::polygon_path;
/// assert_eq!(polygon_path(&[(0.0, 0.0), (1.0, 0.0), (0.5, 0.866)]), "M0 0L1 0L0.5 0.87Z");
/// ```
pub fn polygon_path(points: &[(f64, f64)]) -> String {
    let mut d = String::new();
    for (k, &(x, y)) in points.iter().enumerate() {
        d.push(if k == 0 { 'M' } else { 'L' });
        let _ = write!(d, "{} {}", num(x), num(y));
    }
    d.push('Z');
    d
}

/// The colours given to pieces (or values) by index, from ColorBrewer's qualitative sets:
/// light enough for dark edges and text to show on them.
const PALETTE: [&str; 24] = [
    "#8dd3c7", "#ffffb3", "#bebada", "#fb8072", "#80b1d3", "#fdb462", "#b3de69", "#fccde5",
    "#d9d9d9", "#bc80bd", "#ccebc5", "#ffed6f", "#a6cee3", "#1f78b4", "#b2df8a", "#33a02c",
    "#fb9a99", "#e31a1c", "#fdbf6f", "#ff7f00", "#cab2d6", "#6a3d9a", "#f4cae4", "#b15928",
];

/// The fill colour of piece (or value) number `k`; the colours repeat after 24, so a piece
/// keeps its colour in every solution.
///
/// ```
/// use dlxkit::svg::colour;
/// assert_eq!(colour(0), colour(24));
/// assert_ne!(colour(0), colour(1));
/// ```
pub fn colour(k: usize) -> &'static str {
    PALETTE[k % PALETTE.len()]
}

impl Svg {
    /// An empty picture of the given size (in pixels).
    pub fn new(width: f64, height: f64) -> Svg {
        Svg {
            width,
            height,
            body: String::new(),
        }
    }

    /// The width.
    pub fn width(&self) -> f64 {
        self.width
    }

    /// The height.
    pub fn height(&self) -> f64 {
        self.height
    }

    /// Adds a filled path (`fill` `none` for an outline only) with a class and extra
    /// attributes (their values are escaped).
    pub fn path(&mut self, class: &str, fill: &str, d: &str, attrs: &[(&str, &str)]) {
        let _ = write!(
            self.body,
            "<path class=\"{}\" fill=\"{}\"",
            escape(class),
            escape(fill)
        );
        self.attrs(attrs);
        let _ = writeln!(self.body, " d=\"{d}\"/>");
    }

    /// Adds a stroked path without fill: lines of the given width and colour.
    pub fn lines(&mut self, class: &str, stroke: &str, width: f64, d: &str) {
        let _ = writeln!(
            self.body,
            "<path class=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\" \
             stroke-linecap=\"round\" stroke-linejoin=\"round\" d=\"{d}\"/>",
            escape(class),
            escape(stroke),
            num(width)
        );
    }

    /// Adds dashed lines.
    pub fn dashed(&mut self, class: &str, stroke: &str, width: f64, d: &str) {
        let _ = writeln!(
            self.body,
            "<path class=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\" \
             stroke-dasharray=\"3 2\" d=\"{d}\"/>",
            escape(class),
            escape(stroke),
            num(width)
        );
    }

    /// Adds a filled circle.
    pub fn circle(&mut self, class: &str, fill: &str, cx: f64, cy: f64, r: f64) {
        let _ = writeln!(
            self.body,
            "<circle class=\"{}\" fill=\"{}\" stroke=\"#222\" cx=\"{}\" cy=\"{}\" r=\"{}\"/>",
            escape(class),
            escape(fill),
            num(cx),
            num(cy),
            num(r)
        );
    }

    /// Adds text centred on `(x, y)` (its baseline a third of `size` below `y`).
    pub fn text(&mut self, x: f64, y: f64, size: f64, text: &str) {
        self.text_at(x, y + size / 3.0, size, "middle", text);
    }

    /// Adds text with its baseline at `y`, anchored `start`, `middle` or `end` at `x`.
    pub fn text_at(&mut self, x: f64, y: f64, size: f64, anchor: &str, text: &str) {
        let _ = writeln!(
            self.body,
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"{}\">{}</text>",
            num(x),
            num(y),
            num(size),
            escape(anchor),
            escape(text)
        );
    }

    /// Adds text of a class centred on `(x, y)` as [`Svg::text`] does, with extra attributes
    /// (a fill, a weight).
    ///
    /// ```
    /// use dlxkit::svg::Svg;
    /// let mut svg = Svg::new(20.0, 20.0);
    /// svg.text_class("given", (10.0, 10.0), 12.0, &[("font-weight", "bold")], "7");
    /// assert!(svg.to_string().contains("<text class=\"given\" x=\"10\" y=\"14\""));
    /// ```
    pub fn text_class(
        &mut self,
        class: &str,
        (x, y): (f64, f64),
        size: f64,
        attrs: &[(&str, &str)],
        text: &str,
    ) {
        let _ = write!(
            self.body,
            "<text class=\"{}\" x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"middle\"",
            escape(class),
            num(x),
            num(y + size / 3.0),
            num(size)
        );
        self.attrs(attrs);
        let _ = writeln!(self.body, ">{}</text>", escape(text));
    }

    fn attrs(&mut self, attrs: &[(&str, &str)]) {
        for (name, value) in attrs {
            let name: String = name
                .chars()
                .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
                .collect();
            let _ = write!(self.body, " {name}=\"{}\"", escape(value));
        }
    }

    /// Lays pictures out in rows of up to `columns`, each in a group
    /// `<g class="solution" transform="translate(x,y)">` with a margin between them.
    ///
    /// ```
    /// use dlxkit::svg::Svg;
    /// let one = Svg::new(10.0, 10.0);
    /// let both = Svg::grid(&[one.clone(), one], 2, 5.0);
    /// assert_eq!((both.width(), both.height()), (35.0, 20.0));
    /// ```
    pub fn grid(pictures: &[Svg], columns: usize, margin: f64) -> Svg {
        let columns = columns.max(1);
        let cell_w = pictures.iter().map(|p| p.width).fold(0.0, f64::max);
        let cell_h = pictures.iter().map(|p| p.height).fold(0.0, f64::max);
        let used = columns.min(pictures.len()).max(1);
        let rows = pictures.len().div_ceil(columns).max(1);
        let mut out = Svg::new(
            used as f64 * (cell_w + margin) + margin,
            rows as f64 * (cell_h + margin) + margin,
        );
        for (k, p) in pictures.iter().enumerate() {
            let x = margin + (k % columns) as f64 * (cell_w + margin);
            let y = margin + (k / columns) as f64 * (cell_h + margin);
            let _ = writeln!(
                out.body,
                "<g class=\"solution\" transform=\"translate({},{})\">",
                num(x),
                num(y)
            );
            out.body.push_str(&p.body);
            out.body.push_str("</g>\n");
        }
        out
    }
}

impl fmt::Display for Svg {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
             viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\">",
            w = num(self.width),
            h = num(self.height)
        )?;
        f.write_str(&self.body)?;
        writeln!(f, "</svg>")
    }
}
