//! A real browser plays the board of `dlxkit play`: headless Chromium, driven through
//! chromedriver's WebDriver protocol (plain HTTP and JSON, so the test needs no client
//! library), loads the page, presses Random Level, types a digit that clashes with a given
//! and sees the conflict, presses Reset and sees the cell empty again, presses Solve (with
//! `naive`, then with `dlx`) and reads a complete grid from the page (checked here), then
//! Undo and Hint, and reads the step the hint describes.
//!
//! It needs Debian's `chromium` and `chromium-driver` (`.ci/run` installs them). Without
//! them it says loudly that it is skipped, and fails instead when `CI` is set. With
//! `DLXKIT_PLAY_SCREENSHOT=docs/play.png` it keeps a screenshot of the solved board there
//! (a path relative to the repository's top).

use crate::play_util::{is_solution_of, send, Reply, Server};

use std::net::{SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use serde_json::{json, Value};

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// chromedriver and a headless Chromium session, closed on drop.
struct Browser {
    driver: Child,
    addr: SocketAddr,
    session: String,
    profile: PathBuf,
}

impl Browser {
    /// Starts chromedriver on a free port and opens a session with a fresh profile.
    fn start() -> Browser {
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let driver = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let addr: SocketAddr = ([127, 0, 0, 1], port).into();
        let start = Instant::now();
        while std::net::TcpStream::connect(addr).is_err() {
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "chromedriver does not listen"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
        let stamp = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap()
            .as_nanos();
        let profile = std::env::temp_dir().join(format!("dlxkit-play-chromium-{stamp}"));
        let mut browser = Browser {
            driver,
            addr,
            session: String::new(),
            profile,
        };
        let args = [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-dev-shm-usage",
            "--window-size=1200,880",
            &format!("--user-data-dir={}", browser.profile.display()),
        ];
        let capabilities = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {"binary": CHROMIUM, "args": args},
        }}});
        let session = browser.call("POST", "/session", Some(capabilities));
        browser.session = session["sessionId"].as_str().unwrap().to_string();
        browser
    }

    /// A WebDriver command: its `value`, or a panic with the driver's message.
    fn call(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let body = body.map(|b| b.to_string()).unwrap_or_default();
        let request = format!(
            "{method} {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\
             Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        );
        let reply: Reply = send(self.addr, request.as_bytes());
        let value = reply.json()["value"].clone();
        assert_eq!(reply.status, 200, "{method} {path}: {value}");
        value
    }

    fn session(&self, path: &str) -> String {
        format!("/session/{}{path}", self.session)
    }

    fn goto(&self, url: &str) {
        self.call("POST", &self.session("/url"), Some(json!({"url": url})));
    }

    /// Runs `script` in the page (a function body) and returns what it returns.
    fn script(&self, script: &str) -> Value {
        self.call(
            "POST",
            &self.session("/execute/sync"),
            Some(json!({"script": script, "args": []})),
        )
    }

    /// Waits until `script` returns something truthy, and returns it.
    fn wait_for(&self, what: &str, script: &str) -> Value {
        let start = Instant::now();
        loop {
            let v = self.script(script);
            if !(v.is_null() || v == false || v == "" || v == 0) {
                return v;
            }
            assert!(
                start.elapsed() < Duration::from_secs(60),
                "timed out waiting for {what}; the status line says {}",
                self.script("return document.getElementById('status').textContent")
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Clicks the element that `css` selects.
    fn click(&self, css: &str) {
        let found = self.call(
            "POST",
            &self.session("/element"),
            Some(json!({"using": "css selector", "value": css})),
        );
        let id = found
            .as_object()
            .and_then(|o| o.values().next())
            .and_then(Value::as_str)
            .unwrap()
            .to_string();
        self.call(
            "POST",
            &self.session(&format!("/element/{id}/click")),
            Some(json!({})),
        );
    }

    /// Presses and releases a key, as a person types it.
    fn press(&self, key: &str) {
        let actions = json!({"actions": [{"type": "key", "id": "keyboard", "actions": [
            {"type": "keyDown", "value": key}, {"type": "keyUp", "value": key}]}]});
        self.call("POST", &self.session("/actions"), Some(actions));
    }

    /// A PNG of the window.
    fn screenshot(&self) -> Vec<u8> {
        let text = self.call("GET", &self.session("/screenshot"), None);
        base64_decode(text.as_str().unwrap())
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let path = self.session("");
            let request =
                format!("DELETE {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
            let _ = std::panic::catch_unwind(|| send(self.addr, request.as_bytes()));
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

fn base64_decode(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        _ => 63,
    };
    let clean: Vec<u8> = text
        .bytes()
        .filter(|&c| c != b'=' && !c.is_ascii_whitespace())
        .collect();
    let mut out = Vec::with_capacity(clean.len() * 3 / 4);
    for chunk in clean.chunks(4) {
        let v: Vec<u32> = chunk.iter().map(|&c| u32::from(value(c))).collect();
        let n = v.iter().fold(0, |acc, &x| (acc << 6) | x) << (6 * (4 - v.len()));
        out.extend_from_slice(&n.to_be_bytes()[1..v.len()]);
    }
    out
}

/// The cells' texts, in reading order.
fn cells(browser: &Browser) -> Vec<String> {
    let v = browser
        .script("return Array.from(document.querySelectorAll('#board .cell'), c => c.textContent)");
    v.as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap().to_string())
        .collect()
}

/// The page's puzzle: its givens as a line (`.` for blanks).
fn givens(browser: &Browser) -> String {
    let v = browser.script(
        "return Array.from(document.querySelectorAll('#board .cell'), \
         c => c.classList.contains('given') ? c.textContent : '.').join('')",
    );
    v.as_str().unwrap().to_string()
}

const NOT_BUSY: &str = "return document.querySelectorAll('#board .cell').length > 0 \
                        && !document.body.classList.contains('busy')";

#[test]
fn a_browser_plays_the_board() {
    if !Path::new(CHROMIUM).exists() || !Path::new(CHROMEDRIVER).exists() {
        let message = format!(
            "SKIPPED: the browser test of `dlxkit play` needs {CHROMIUM} and {CHROMEDRIVER} \
             (Debian: apt-get install chromium chromium-driver)"
        );
        assert!(
            std::env::var_os("CI").is_none(),
            "{message}, and CI is set: failing"
        );
        let bar = "!".repeat(78);
        eprintln!("\n{bar}\n{message}\n{bar}\n");
        return;
    }
    let server = Server::start();
    let browser = Browser::start();
    browser.goto(&server.url);
    browser.wait_for("the first level", NOT_BUSY);
    assert_eq!(cells(&browser).len(), 81);

    // Random Level: a new seed, in the page and in its link.
    let first_seed = browser.script("return document.getElementById('seed').textContent");
    browser.click("#random");
    browser.wait_for(
        "a new level",
        &format!(
            "return document.getElementById('seed').textContent !== {first_seed} && {}",
            NOT_BUSY.trim_start_matches("return ")
        ),
    );
    let seed = browser.script("return document.getElementById('seed').textContent");
    let search = browser.script("return location.search");
    assert!(
        search
            .as_str()
            .unwrap()
            .contains(&format!("seed={}", seed.as_str().unwrap())),
        "{search}"
    );
    let puzzle = givens(&browser);

    // A digit that a given of the same row holds already, typed into an empty cell.
    let (cell, digit) = (0..81)
        .find_map(|i| {
            let row = &puzzle[i / 9 * 9..i / 9 * 9 + 9];
            let given = row.chars().find(|&c| c != '.')?;
            (puzzle.as_bytes()[i] == b'.').then_some((i, given))
        })
        .expect("an empty cell in a row with a given");
    let selector = format!("#board .cell[data-i=\"{cell}\"]");
    browser.click(&selector);
    browser.press(&digit.to_string());
    browser.wait_for(
        "the conflict to show",
        &format!("return document.querySelector('{selector}').classList.contains('conflict')"),
    );
    assert_eq!(cells(&browser)[cell], digit.to_string());
    let status = browser.script("return document.getElementById('status').textContent");
    assert!(
        status.as_str().unwrap().contains("appears twice in row"),
        "{status}"
    );

    // Reset: the cell is empty again.
    browser.click("#reset");
    assert_eq!(cells(&browser)[cell], "");
    let conflicts =
        browser.script("return document.querySelectorAll('#board .cell.conflict').length");
    assert_eq!(conflicts, 0);

    // Solve, with a backtracking solver and then with DLX: each time a complete, valid grid
    // that keeps the givens, and a row in the table of runs.
    for (k, solver) in ["naive", "dlx"].into_iter().enumerate() {
        if k > 0 {
            browser.click("#undo");
        }
        browser.click(&format!("#solver option[value=\"{solver}\"]"));
        browser.click("#solve");
        browser.wait_for(
            "the solution",
            &format!(
                "return document.querySelectorAll('#runs tbody tr').length === {} && {}",
                k + 1,
                NOT_BUSY.trim_start_matches("return ")
            ),
        );
        let solved: String = cells(&browser).concat();
        assert!(
            is_solution_of(&solved, &puzzle, 9, 3),
            "{solver}: {solved} does not solve {puzzle}"
        );
        let status = browser.script("return document.getElementById('status').textContent");
        assert!(status.as_str().unwrap().starts_with("Solved!"), "{status}");
        let run = browser.script(&format!(
            "return document.querySelectorAll('#runs tbody tr')[{k}].textContent"
        ));
        assert!(run.as_str().unwrap().starts_with(solver), "{run}");
    }
    let png = browser.screenshot();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    if let Some(path) = std::env::var_os("DLXKIT_PLAY_SCREENSHOT") {
        let path = Path::new(crate::ROOT).join(path);
        std::fs::write(&path, &png).unwrap();
        eprintln!("screenshot of the solved board: {}", path.display());
    }

    // Undo takes the solution back; Hint describes the next step and marks its cells.
    browser.click("#undo");
    assert_eq!(
        cells(&browser).iter().filter(|c| !c.is_empty()).count(),
        puzzle.chars().filter(|&c| c != '.').count()
    );
    browser.click("#hint");
    let hint = browser.wait_for(
        "a hint",
        "const box = document.getElementById('hint-box'); \
         return !box.hidden && box.querySelector('li.last') && box.querySelector('li.last').textContent",
    );
    let hint = hint.as_str().unwrap();
    assert!(
        ["Naked single", "Hidden single"]
            .iter()
            .any(|s| hint.starts_with(s)),
        "a generated puzzle starts with a single: {hint}"
    );
    let focus = browser.script(
        "const c = document.querySelector('#board .cell.hint-focus'); \
         return c && `r${Math.floor(c.dataset.i / 9) + 1}c${c.dataset.i % 9 + 1}`",
    );
    assert!(hint.contains(focus.as_str().unwrap()), "{hint} / {focus}");
}

#[test]
fn base64_decodes_what_webdriver_sends() {
    assert_eq!(base64_decode("iVBORw0KGgo="), b"\x89PNG\r\n\x1a\n");
    assert_eq!(base64_decode("TWFu"), b"Man");
    assert_eq!(base64_decode("TWE="), b"Ma");
}
