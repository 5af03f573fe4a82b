//! A real browser plays the board of `dlxkit play`: headless Chromium, driven through
//! chromedriver's WebDriver protocol (plain HTTP and JSON, so the test needs no client
//! library). At 390x844 (a phone) and at 1280x800 it plays a whole game: the board, the
//! pad and the main tools on the screen at once, staged hints (each stage showing no more
//! than it should, "apply" changing the board and the notes as the step says), candidates
//! filled, a conflict on the selected cell, a reload that finds digits, notes, undo
//! history and time restored, the question before Random Level replaces the game, and the
//! finish with its summary. Then the solver race (search and build apart), 16x16 and
//! windoku in dark mode, and a keyboard-only solve of a 4x4 puzzle.
//!
//! axe-core checks each state for serious or critical violations, and every state's
//! screenshot is kept under `target/browser-play/`. It needs Debian's `chromium` and
//! `chromium-driver` and axe-core (`.ci/run` installs them). Without them it says loudly
//! that it is skipped, and fails instead when `CI` is set. With
//! `DLXKIT_PLAY_SCREENSHOTS=1` it renews the README's pictures, `docs/play.png` and
//! `docs/play-phone.png`.

use crate::play_util::{is_solution_of, post, send, Reply, Server};

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

    /// A Chrome DevTools command, through chromedriver.
    fn cdp(&self, cmd: &str, params: Value) -> Value {
        self.call(
            "POST",
            &self.session("/goog/cdp/execute"),
            Some(json!({"cmd": cmd, "params": params})),
        )
    }

    /// The page's viewport: `width` x `height` CSS pixels, as a phone when `mobile`.
    fn viewport(&self, width: u32, height: u32, mobile: bool) {
        self.cdp(
            "Emulation.setDeviceMetricsOverride",
            json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile}),
        );
    }

    /// `prefers-color-scheme: dark` when `dark`.
    fn dark(&self, dark: bool) {
        let value = if dark { "dark" } else { "light" };
        self.cdp(
            "Emulation.setEmulatedMedia",
            json!({"features": [{"name": "prefers-color-scheme", "value": value}]}),
        );
    }

    /// Runs `script` (a function body that ends by calling its last argument) and returns
    /// what it passes.
    fn script_async(&self, script: &str) -> Value {
        self.call(
            "POST",
            &self.session("/execute/async"),
            Some(json!({"script": script, "args": []})),
        )
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

/// The cells' digits, in reading order ("" for an empty cell).
fn cells(browser: &Browser) -> Vec<String> {
    let v = browser.script(
        "return Array.from(document.querySelectorAll('#board .cell .val'), c => c.textContent)",
    );
    v.as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap().to_string())
        .collect()
}

/// The page's puzzle: its givens as a line (`.` for blanks).
fn givens(browser: &Browser) -> String {
    browser
        .script("return state.puzzle.cells")
        .as_str()
        .unwrap()
        .to_string()
}

const NOT_BUSY: &str = "return document.querySelectorAll('#board .cell').length > 0 \
                        && !document.body.classList.contains('busy')";

/// Whether the browser test can run; without Chromium it is skipped loudly, or fails
/// under CI.
fn browser_available() -> bool {
    if Path::new(CHROMIUM).exists() && Path::new(CHROMEDRIVER).exists() {
        return true;
    }
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
    false
}

/// axe-core's script, installed by `.ci/run` with `npm install --prefix target/axe
/// axe-core` (or where `DLXKIT_AXE` says). Without it the accessibility checks are skipped
/// loudly, or fail under CI.
fn axe_script() -> Option<String> {
    let path = std::env::var_os("DLXKIT_AXE").map_or_else(
        || Path::new(crate::ROOT).join("target/axe/node_modules/axe-core/axe.min.js"),
        PathBuf::from,
    );
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(text),
        Err(e) => {
            let message = format!(
                "SKIPPED: the accessibility checks need axe-core at {} ({e}; \
                 npm install --prefix target/axe axe-core)",
                path.display()
            );
            assert!(
                std::env::var_os("CI").is_none(),
                "{message}, and CI is set: failing"
            );
            let bar = "!".repeat(78);
            eprintln!("\n{bar}\n{message}\n{bar}\n");
            None
        }
    }
}

/// The screenshots of the test, kept as artefacts under `target/browser-play/`.
fn keep_screenshot(browser: &Browser, name: &str) {
    let png = browser.screenshot();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let dir = Path::new(crate::ROOT).join("target/browser-play");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(format!("{name}.png")), &png).unwrap();
}

/// axe-core on the page as it is: no serious or critical violation; and a screenshot.
fn audit(browser: &Browser, axe: Option<&str>, name: &str) {
    keep_screenshot(browser, name);
    let Some(axe) = axe else { return };
    if browser.script("return typeof axe === 'undefined'") == true {
        browser.script(&format!("{axe}\nreturn true;"));
    }
    let found = browser.script_async(
        "const done = arguments[arguments.length - 1];
         axe.run(document, {resultTypes: ['violations']}).then(r => done(JSON.stringify(
           r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
             .map(v => ({id: v.id, impact: v.impact, help: v.help,
                         nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))})))),
           e => done(JSON.stringify([{id: 'axe failed', help: String(e)}])));",
    );
    let text = found.as_str().unwrap();
    assert_eq!(text, "[]", "axe-core on {name}: {text}");
}

/// Whether the elements `css` selects are all inside the viewport.
fn all_in_view(browser: &Browser, css: &str) -> Value {
    browser.script(&format!(
        "const els = Array.from(document.querySelectorAll('{css}'));
         const bad = els.filter(e => {{ const r = e.getBoundingClientRect();
           return r.width === 0 || r.top < 0 || r.left < 0 || r.bottom > innerHeight + 0.5
             || r.right > innerWidth + 0.5; }});
         return els.length > 0 && bad.length === 0
           || `${{css}}: ${{bad.length}} of ${{els.length}} outside ${{innerWidth}}x${{innerHeight}}`;",
        css = css
    ))
}

fn click_cell(browser: &Browser, cell: usize) {
    browser.click(&format!("#board .cell[data-i=\"{cell}\"]"));
}

/// The page's game as JSON: values, notes, undo length, time, hints, mistakes.
fn game(browser: &Browser) -> Value {
    browser.script(
        "return {values: state.values, marks: state.marks, undo: state.undo.length,
                 elapsed: played(), hints: state.hints, mistakes: state.mistakes,
                 done: state.done}",
    )
}

/// The peers of a cell on a standard 9x9 board.
fn peers(cell: usize) -> Vec<usize> {
    let (r, c) = (cell / 9, cell % 9);
    (0..81)
        .filter(|&j| {
            let (jr, jc) = (j / 9, j % 9);
            j != cell && (jr == r || jc == c || (jr / 3 == r / 3 && jc / 3 == c / 3))
        })
        .collect()
}

/// Asks for a hint and walks its stages, checking that each shows no more than it should;
/// applies it and checks the board changed as the step says. Returns the step.
fn staged_hint(browser: &Browser, axe: Option<&str>, shots: Option<&str>) -> Value {
    browser.click("#hint");
    browser.wait_for(
        "a hint",
        "return !document.getElementById('hint-box').hidden && state.hint",
    );
    let data = browser.script("return state.hint.data");
    assert_eq!(data["kind"], "step", "{data}");
    let step = &data["step"];
    let text = |id: &str| {
        browser
            .script(&format!(
                "const e = document.getElementById('{id}'); return e.hidden ? null : e.textContent"
            ))
            .as_str()
            .map(String::from)
    };
    let technique = data["technique"].as_str().unwrap();
    // Stage 1: where to look, and nothing of the technique or the move.
    let look = text("hint-look").unwrap();
    assert_eq!(look, data["look"]["text"].as_str().unwrap());
    assert!(!look.contains(technique), "{look}");
    assert_eq!((text("hint-technique"), text("hint-move")), (None, None));
    let marked = browser.script(
        "return [document.querySelectorAll('.cell.hint-place').length,
                 document.querySelectorAll('.marks span.out').length,
                 document.querySelectorAll('.cell.hint-unit, .cell.hint-focus').length]",
    );
    assert_eq!(marked[0], 0, "stage 1 marks no placement");
    assert_eq!(marked[1], 0, "stage 1 marks no elimination");
    assert!(
        marked[2].as_u64().unwrap() > 0,
        "stage 1 marks where to look"
    );
    if let Some(name) = shots {
        audit(browser, axe, &format!("{name}-hint-look"));
    }
    // Stage 2: the technique, not the move.
    browser.click("#hint-next");
    assert_eq!(
        text("hint-technique").unwrap(),
        format!("Technique: {technique}.")
    );
    assert_eq!(text("hint-move"), None);
    assert!(browser.script("return document.getElementById('hint-apply').hidden") == true);
    // Stage 3: the move, marked on the board.
    browser.click("#hint-next");
    assert_eq!(text("hint-move").unwrap(), data["text"].as_str().unwrap());
    let placements = step["placements"].as_array().unwrap();
    let eliminations = step["eliminations"].as_array().unwrap();
    let shown = browser.script(
        "return [document.querySelectorAll('.cell.hint-place').length,
                 document.querySelectorAll('.marks span.out').length]",
    );
    assert_eq!(shown[0].as_u64().unwrap() as usize, placements.len());
    assert_eq!(shown[1].as_u64().unwrap() as usize, eliminations.len());
    if let Some(name) = shots {
        audit(browser, axe, &format!("{name}-hint-move"));
    }
    // Apply: the placements go in (and leave their peers' notes), the eliminations come
    // off the notes.
    browser.click("#hint-apply");
    let after = game(browser);
    for p in placements {
        let (cell, digit) = (
            p["cell"].as_u64().unwrap() as usize,
            p["digit"].as_u64().unwrap(),
        );
        assert_eq!(after["values"][cell], digit);
        for peer in peers(cell) {
            let marks = after["marks"][peer].as_u64().unwrap();
            assert_eq!(
                marks & (1 << (digit - 1)),
                0,
                "r{}c{}",
                peer / 9 + 1,
                peer % 9 + 1
            );
        }
    }
    for e in eliminations {
        let (cell, digit) = (
            e["cell"].as_u64().unwrap() as usize,
            e["digit"].as_u64().unwrap(),
        );
        let marks = after["marks"][cell].as_u64().unwrap();
        assert_ne!(marks, 0, "the cell got its candidates");
        assert_eq!(marks & (1 << (digit - 1)), 0);
    }
    assert!(browser.script("return document.getElementById('hint-box').hidden") == true);
    step.clone()
}

/// A whole game at one window size: staged hints, notes, a conflict, a reload, the
/// question before a new level, the finish and its summary.
fn play_a_game(
    browser: &Browser,
    server: &Server,
    axe: Option<&str>,
    size: (u32, u32),
    name: &str,
) {
    let phone = size.0 < 500;
    browser.viewport(size.0, size.1, phone);
    browser.goto(&server.url);
    browser.script("localStorage.clear(); return true");
    let difficulty = if phone { "easy" } else { "hard" };
    browser.goto(&format!(
        "{}?size=9&variant=standard&difficulty={difficulty}&seed=11",
        server.url
    ));
    browser.wait_for("the level", NOT_BUSY);
    // The board, the pad in one row on a phone, the main tools and the timer are all on
    // the screen.
    for css in [
        "#board",
        "#pad button",
        "#pencil",
        "#undo",
        "#hint",
        "#erase",
        "#timer",
    ] {
        assert_eq!(all_in_view(browser, css), true, "{name}");
    }
    if phone {
        let rows = browser.script(
            "return new Set(Array.from(document.querySelectorAll('#pad button'), \
             b => Math.round(b.getBoundingClientRect().top))).size",
        );
        assert_eq!(rows, 1, "the pad is one row on a phone");
    }
    audit(browser, axe, &format!("{name}-empty"));
    let puzzle = givens(browser);

    // Staged hints: on the phone one; on the laptop until a step that eliminates.
    staged_hint(browser, axe, Some(name));
    assert_eq!(all_in_view(browser, "#board"), true);
    if !phone {
        browser.click("#fill");
        let g = game(browser);
        for cell in 0..81 {
            let (value, marks) = (
                g["values"][cell].as_u64().unwrap(),
                g["marks"][cell].as_u64().unwrap(),
            );
            assert_eq!(value == 0, marks != 0, "r{}c{}", cell / 9 + 1, cell % 9 + 1);
            for peer in peers(cell) {
                let v = g["values"][peer].as_u64().unwrap();
                if value == 0 && v != 0 {
                    assert_eq!(
                        marks & (1 << (v - 1)),
                        0,
                        "candidates leave out the peers' digits"
                    );
                }
            }
        }
        let mut eliminated = false;
        for _ in 0..60 {
            let step = staged_hint(browser, axe, None);
            if !step["eliminations"].as_array().unwrap().is_empty() {
                eliminated = true;
                break;
            }
        }
        assert!(eliminated, "a hard level's hints include an elimination");
    } else {
        browser.click("#fill");
    }
    // The hint panel sits beside the board on wide screens, under the pad on a phone, and
    // is on the screen.
    browser.click("#hint");
    browser.wait_for(
        "a hint",
        "return !document.getElementById('hint-box').hidden",
    );
    assert_eq!(all_in_view(browser, "#hint-box"), true, "{name}");
    browser.click("#hint-close");
    audit(browser, axe, &format!("{name}-notes"));

    // A conflict on the selected cell: both show.
    let values = game(browser)["values"].clone();
    let empty = (0..81).find(|&c| values[c] == 0).unwrap();
    let clash = peers(empty)
        .into_iter()
        .find_map(|p| values[p].as_u64().filter(|&v| v != 0))
        .unwrap();
    click_cell(browser, empty);
    browser.click(&format!("#pad button[data-d=\"{clash}\"]"));
    let classes = browser.script(&format!(
        "return document.querySelector('#board .cell[data-i=\"{empty}\"]').className"
    ));
    let classes = classes.as_str().unwrap();
    assert!(
        classes.contains("conflict") && classes.contains("selected"),
        "{classes}"
    );
    audit(browser, axe, &format!("{name}-conflict"));
    browser.click("#undo");

    // A reload finds the game as it was: digits, notes, undo history, time.
    std::thread::sleep(Duration::from_millis(1200));
    let before = game(browser);
    let href = browser.script("return location.href");
    browser.goto(href.as_str().unwrap());
    browser.wait_for("the saved game", NOT_BUSY);
    let after = game(browser);
    assert_eq!(after["values"], before["values"]);
    assert_eq!(after["marks"], before["marks"]);
    assert_eq!(after["undo"], before["undo"]);
    assert_eq!(after["hints"], before["hints"]);
    let (t0, t1) = (
        before["elapsed"].as_f64().unwrap(),
        after["elapsed"].as_f64().unwrap(),
    );
    assert!(
        t0 >= 1000.0 && t1 >= t0 - 1000.0 && t1 < t0 + 20_000.0,
        "{t0} -> {t1}"
    );

    // Random Level asks first; keeping the game keeps it.
    browser.click("#random");
    browser.wait_for(
        "the question",
        "return document.getElementById('confirm').open",
    );
    audit(browser, axe, &format!("{name}-confirm"));
    browser.click("#confirm-keep");
    assert_eq!(game(browser)["values"], after["values"]);
    assert_eq!(givens(browser), puzzle);

    // The rest of the solution, typed in: the summary says the time, hints and mistakes.
    let spec = browser.script("return JSON.stringify(state.puzzle)");
    let solution = post(
        server.addr,
        "/api/solve",
        &format!(r#"{{"puzzle":{}}}"#, spec.as_str().unwrap()),
    )
    .json()["solution"]
        .as_str()
        .unwrap()
        .to_string();
    let values = game(browser)["values"].clone();
    for (cell, digit) in solution.chars().enumerate() {
        if values[cell] == 0 {
            click_cell(browser, cell);
            browser.click(&format!("#pad button[data-d=\"{digit}\"]"));
        }
    }
    assert_eq!(cells(browser).concat(), solution);
    assert!(is_solution_of(&solution, &puzzle, 9, 3));
    let summary = browser.wait_for(
        "the summary",
        "return !document.getElementById('summary').hidden \
         && document.getElementById('summary-text').textContent",
    );
    let g = game(browser);
    let hints = g["hints"].as_u64().unwrap();
    assert!(hints >= 2);
    let expected = format!(" · {hints} hints · 0 cells revealed · 1 mistake.");
    let summary = summary.as_str().unwrap();
    assert!(
        summary.starts_with("Time ") && summary.ends_with(&expected),
        "{summary}"
    );
    assert_eq!(
        browser.script("return document.querySelectorAll('#pad button.finished').length"),
        9
    );
    audit(browser, axe, &format!("{name}-solved"));
    // A finished game is replaced without a question.
    browser.click("#random");
    browser.wait_for(
        "a new level",
        &format!(
            "return state.puzzle.cells !== '{puzzle}' && {}",
            NOT_BUSY.trim_start_matches("return ")
        ),
    );
}

#[test]
fn a_browser_plays_the_board() {
    if !browser_available() {
        return;
    }
    let axe = axe_script();
    let server = Server::start();
    let browser = Browser::start();
    play_a_game(&browser, &server, axe.as_deref(), (390, 844), "phone");
    play_a_game(&browser, &server, axe.as_deref(), (1280, 800), "laptop");

    // The solver race: Solve with a backtracking solver and with dlx, each a valid grid
    // and a row saying how long the search and the building took.
    browser.script("localStorage.clear(); return true");
    browser.goto(&format!("{}?size=9&difficulty=medium&seed=5", server.url));
    browser.wait_for("the level", NOT_BUSY);
    let puzzle = givens(&browser);
    for (k, solver) in ["naive", "dlx", "dlx"].into_iter().enumerate() {
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
        assert!(is_solution_of(&solved, &puzzle, 9, 3), "{solver}: {solved}");
        let run = browser.script(&format!(
            "return Array.from(document.querySelectorAll('#runs tbody tr')[{k}].cells, c => c.textContent)"
        ));
        assert_eq!(run[0], solver);
        // naive is built for its first solve; dlx was built for the hints' uniqueness
        // checks and is kept, its matrix ready.
        assert_eq!(run[4] == "kept", solver == "dlx", "{run}");
    }
    audit(&browser, axe.as_deref(), "race");

    // 16x16 on a laptop, in dark mode: the board and its pad fit; notes are legible.
    browser.dark(true);
    browser.script("localStorage.clear(); return true");
    browser.goto(&format!("{}?size=16&difficulty=any&seed=3", server.url));
    browser.wait_for("the level", NOT_BUSY);
    for css in ["#board", "#pad button", "#hint"] {
        assert_eq!(all_in_view(&browser, css), true, "16x16");
    }
    browser.click("#fill");
    let note = browser.script(
        "const s = Array.from(document.querySelectorAll('.marks span')).find(s => s.textContent);
         return parseFloat(getComputedStyle(s).fontSize)",
    );
    assert!(note.as_f64().unwrap() >= 10.0, "notes of {note} px");
    audit(&browser, axe.as_deref(), "sixteen-dark");
    browser.goto(&format!(
        "{}?size=9&variant=windoku&difficulty=easy&seed=4",
        server.url
    ));
    browser.wait_for(
        "the question",
        "return document.getElementById('confirm').open",
    );
    browser.click("#confirm-replace");
    browser.wait_for(
        "the windoku level",
        "return state.puzzle.variant === 'windoku' && !document.body.classList.contains('busy')",
    );
    // Each of the 4 windows outlined: 8 edge cells each (the centre cell has no edge).
    assert_eq!(
        browser.script("return document.querySelectorAll('.win').length"),
        32
    );
    audit(&browser, axe.as_deref(), "windoku-dark");
    browser.dark(false);
    if std::env::var_os("DLXKIT_PLAY_SCREENSHOTS").is_some() {
        let (shots, docs) = (
            Path::new(crate::ROOT).join("target/browser-play"),
            Path::new(crate::ROOT).join("docs"),
        );
        std::fs::copy(shots.join("laptop-notes.png"), docs.join("play.png")).unwrap();
        std::fs::copy(
            shots.join("phone-hint-move.png"),
            docs.join("play-phone.png"),
        )
        .unwrap();
    }
}

#[test]
fn a_keyboard_alone_solves_a_small_puzzle() {
    if !browser_available() {
        return;
    }
    let server = Server::start();
    let browser = Browser::start();
    browser.viewport(1280, 800, false);
    browser.goto(&server.url);
    browser.script("localStorage.clear(); return true");
    browser.goto(&format!("{}?size=4&difficulty=any&seed=2", server.url));
    browser.wait_for("the level", NOT_BUSY);
    let puzzle = givens(&browser);
    let solution = post(
        server.addr,
        "/api/solve",
        &format!(
            r#"{{"puzzle":{}}}"#,
            browser
                .script("return JSON.stringify(state.puzzle)")
                .as_str()
                .unwrap()
        ),
    )
    .json()["solution"]
        .as_str()
        .unwrap()
        .to_string();
    // Tab reaches the board; its selected cell has the focus, drawn visibly.
    browser.script("document.activeElement.blur(); return true");
    let mut tabs = 0;
    while browser.script("return document.activeElement.getAttribute('role')") != "gridcell" {
        browser.press("\u{E004}"); // Tab
        tabs += 1;
        assert!(tabs < 40, "Tab never reaches the board");
    }
    let ring = browser.script("return getComputedStyle(document.activeElement).boxShadow");
    assert!(ring.as_str().unwrap().contains("rgb"), "{ring}");
    // To r1c1 with the arrows, then along each row, typing the digits.
    for _ in 0..4 {
        browser.press("\u{E012}"); // ArrowLeft
        browser.press("\u{E013}"); // ArrowUp
    }
    for (cell, digit) in solution.chars().enumerate() {
        if cell > 0 && cell % 4 == 0 {
            browser.press("\u{E015}"); // ArrowDown
            for _ in 0..3 {
                browser.press("\u{E012}");
            }
        } else if cell > 0 {
            browser.press("\u{E014}"); // ArrowRight
        }
        let label =
            browser.script("return document.activeElement.querySelector('.said').textContent");
        let label = label.as_str().unwrap();
        assert!(
            label.starts_with(&format!("row {}, column {}, ", cell / 4 + 1, cell % 4 + 1)),
            "{label}"
        );
        if puzzle.as_bytes()[cell] == b'.' {
            assert!(label.ends_with("empty"), "{label}");
            browser.press(&digit.to_string());
        }
    }
    assert_eq!(cells(&browser).concat(), solution);
    browser.wait_for(
        "the summary",
        "return !document.getElementById('summary').hidden",
    );
    let status = browser.script("return document.getElementById('status').textContent");
    assert!(status.as_str().unwrap().starts_with("Solved!"), "{status}");
}

#[test]
fn base64_decodes_what_webdriver_sends() {
    assert_eq!(base64_decode("iVBORw0KGgo="), b"\x89PNG\r\n\x1a\n");
    assert_eq!(base64_decode("TWFu"), b"Man");
    assert_eq!(base64_decode("TWE="), b"Ma");
}
