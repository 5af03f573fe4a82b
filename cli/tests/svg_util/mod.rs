//! Reading the SVG documents the pictures tests check: a small XML reader that also checks
//! the document is well formed.

use std::collections::HashMap;

/// An element of a parsed document: its name, attributes and the text right after its
/// opening tag (a `<text>` element's words).
#[derive(Debug)]
pub struct Element {
    pub name: String,
    pub attrs: HashMap<String, String>,
    pub text: String,
}

/// A small XML reader: checks that tags nest and close, attributes are quoted and entities
/// known, and returns the elements in document order.
pub fn parse_xml(text: &str) -> Vec<Element> {
    let mut out = Vec::new();
    let mut open: Vec<String> = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find('<') {
        check_text(&rest[..start]);
        let end = rest[start..].find('>').expect("a tag is closed") + start;
        let tag = &rest[start + 1..end];
        rest = &rest[end + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(open.pop().as_deref(), Some(name.trim()), "closing tag");
            continue;
        }
        let self_closing = tag.ends_with('/');
        let tag = tag.trim_end_matches('/');
        let name_end = tag.find(char::is_whitespace).unwrap_or(tag.len());
        let name = tag[..name_end].to_string();
        assert!(
            !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric()),
            "{name}"
        );
        let mut attrs = HashMap::new();
        let mut a = tag[name_end..].trim_start();
        while !a.is_empty() {
            let eq = a.find("=\"").expect("attribute=\"value\"");
            let key = a[..eq].trim().to_string();
            assert!(
                key.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'),
                "{key}"
            );
            let value_end = a[eq + 2..].find('"').expect("closing quote") + eq + 2;
            let value = &a[eq + 2..value_end];
            check_text(value);
            assert!(
                attrs.insert(key, value.to_string()).is_none(),
                "repeated attribute"
            );
            a = a[value_end + 1..].trim_start();
        }
        let text = match self_closing {
            true => String::new(),
            false => {
                open.push(name.clone());
                rest[..rest.find('<').unwrap_or(rest.len())].to_string()
            }
        };
        out.push(Element { name, attrs, text });
    }
    check_text(rest);
    assert!(open.is_empty(), "unclosed {open:?}");
    assert_eq!(out.first().map(|e| e.name.as_str()), Some("svg"));
    out
}

fn check_text(text: &str) {
    assert!(!text.contains('<') && !text.contains('>'));
    for (k, _) in text.match_indices('&') {
        let entity = &text[k..k + text[k..].find(';').expect("entity ends")];
        assert!(
            ["&lt", "&gt", "&amp", "&quot", "&apos"].contains(&entity),
            "{entity}"
        );
    }
}
