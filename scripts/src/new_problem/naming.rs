//! What a problem from Competitive Companion is called: its identity,
//! `<judge><id>`, read from its url per judge (never from the page it was
//! sent from or the statement's language), and the crate's name, that
//! identity and the ASCII words of the problem's name.

/// The longest crate name made (the slug's words stop before it), and the
/// longest identity (a longer one keeps its start and a hash of the rest).
pub const MOST_NAME: usize = 60;
const MOST_HEAD: usize = 40;

/// The crate's name for `head` and the problem's name: `head`, then the
/// name's ASCII words (without the index `head` already holds) while they
/// fit in [`MOST_NAME`]; `head` alone when the name has none (大鱼吃小鱼).
pub fn crate_name(head: &str, problem: &str) -> String {
    let mut name = head.to_string();
    let words = ascii_words(without_index(problem, head));
    // A name that is the id already (`toph.co/p/book-worm`, "Book Worm").
    if head.ends_with(&words.join("-")) {
        return name;
    }
    for word in words {
        if name.len() + 1 + word.len() > MOST_NAME {
            break;
        }
        name = format!("{name}-{word}");
    }
    name
}

/// Names cargo refuses for a binary, so for a crate of the workspace: its
/// build folders' names (cargo's `util/restricted_names.rs`,
/// `is_conflicting_artifact_name`). A crate named so would stop every
/// later cargo command in the workspace, so they are taken, as a crate's
/// name is.
pub const CARGO_RESERVED: &[&str] = &["build", "deps", "examples", "incremental"];

/// Whether `name` is one [`crate_name`] can make: lowercase ASCII letters
/// and digits in words joined by single hyphens, a letter first, at most
/// [`MOST_NAME`] bytes. A valid Cargo package name, never a path.
pub fn is_made_name(name: &str) -> bool {
    name.len() <= MOST_NAME
        && name.as_bytes().first().is_some_and(u8::is_ascii_lowercase)
        && name.split('-').all(|word| {
            !word.is_empty()
                && word
                    .bytes()
                    .all(|byte| byte.is_ascii_lowercase() || byte.is_ascii_digit())
        })
}

/// Lowercase ASCII letters and digits, split at everything else.
pub fn ascii_words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|word| !word.is_empty())
        .map(str::to_ascii_lowercase)
        .collect()
}

/// The name without the index the identity holds already: "G. Castle
/// Defense", "A - Day of Takahashi", "P2346 Four in a Line", "1006：A+B".
fn without_index<'a>(problem: &'a str, head: &str) -> &'a str {
    let problem = problem.trim().trim_start_matches('#').trim_start();
    let split = problem
        .find([' ', '：', ':', '.'])
        .map(|at| (&problem[..at], &problem[at..]));
    let Some((token, rest)) = split else {
        return problem;
    };
    let short_index =
        (1..=4).contains(&token.len()) && token.bytes().all(|byte| byte.is_ascii_alphanumeric());
    let the_id = !token.is_empty()
        && token.bytes().all(|byte| byte.is_ascii_alphanumeric())
        && head.replace('-', "").ends_with(&token.to_ascii_lowercase());
    let rest = rest.trim_start_matches(['.', ':', '：', ' ']);
    if short_index && problem[token.len()..].starts_with(['.', ':', '：']) || the_id {
        rest
    } else if short_index && (rest.starts_with("- ") || rest.starts_with("— ")) {
        rest.split_once(' ').map_or(rest, |(_, after)| after)
    } else {
        problem
    }
}

/// The parts of an address: its host (lowercase, without `www.` and a
/// port), its path's segments, its query and its fragment.
struct Address<'a> {
    host: String,
    segments: Vec<&'a str>,
    query: &'a str,
    fragment: &'a str,
}

fn address(url: &str) -> Option<Address<'_>> {
    let (scheme, rest) = url.split_once("://")?;
    if !scheme.eq_ignore_ascii_case("http") && !scheme.eq_ignore_ascii_case("https") {
        return None;
    }
    let (rest, fragment) = rest.split_once('#').unwrap_or((rest, ""));
    let (before_query, query) = rest.split_once('?').unwrap_or((rest, ""));
    let (host, path) = before_query.split_once('/').unwrap_or((before_query, ""));
    let host = host.rsplit('@').next().unwrap_or_default();
    let host = host
        .split(':')
        .next()
        .unwrap_or_default()
        .to_ascii_lowercase();
    let host = host.strip_prefix("www.").unwrap_or(&host).to_string();
    Some(Address {
        host,
        segments: path.split('/').filter(|part| !part.is_empty()).collect(),
        query,
        fragment,
    })
}

impl Address<'_> {
    fn query(&self, key: &str) -> Option<&str> {
        self.query
            .split('&')
            .filter_map(|pair| pair.split_once('='))
            .find(|(name, _)| *name == key)
            .map(|(_, value)| value)
    }

    fn segment(&self, index: usize) -> Option<&str> {
        self.segments.get(index).copied()
    }

    /// The segment after the first `name`.
    fn after(&self, name: &str) -> Option<&str> {
        let index = self.segments.iter().position(|part| *part == name)?;
        self.segment(index + 1)
    }
}

fn digits(text: &str) -> Option<&str> {
    (!text.is_empty() && text.len() <= 20 && text.bytes().all(|byte| byte.is_ascii_digit()))
        .then_some(text)
}

/// A problem's index in a contest (`G`, `A1`), lowercase.
fn index(text: &str) -> Option<String> {
    (!text.is_empty() && text.len() <= 4 && text.bytes().all(|byte| byte.is_ascii_alphanumeric()))
        .then(|| text.to_ascii_lowercase())
}

/// An id of letters, digits, `_` and `-` (`abc096_a`, `CGL_1_A`, `ZOZ`) as
/// hyphen-separated lowercase words.
fn word_id(text: &str) -> Option<String> {
    let ok = !text.is_empty()
        && text.len() <= 40
        && text
            .bytes()
            .all(|byte| byte.is_ascii_alphanumeric() || byte == b'_' || byte == b'-')
        && text.bytes().any(|byte| byte.is_ascii_alphanumeric());
    ok.then(|| ascii_words(text).join("-"))
}

/// `judge` and `id` as one identity: `poj1753`, or `codechef-zoz` where the
/// id starts with a letter or the judge ends with a digit.
fn joined(judge: &str, id: &str) -> String {
    let letter_first = id.as_bytes().first().is_some_and(u8::is_ascii_alphabetic);
    let digit_last = judge.as_bytes().last().is_some_and(u8::is_ascii_digit);
    if id.is_empty() {
        judge.to_string()
    } else if letter_first || digit_last {
        format!("{judge}-{id}")
    } else {
        format!("{judge}{id}")
    }
}

/// The url as stored for a problem: the problem's own page where the one
/// sent shows several (Codeforces' "complete problemset" page,
/// `contest/1/problems`, whose problems carry their index in the name).
pub fn own_url(url: &str, problem: &str) -> String {
    let Some(address) = address(url) else {
        return url.to_string();
    };
    let codeforces = matches!(
        address.host.as_str(),
        "codeforces.com" | "codeforces.ml" | "mirror.codeforces.com"
    );
    if codeforces
        && address.segments.len() == 3
        && address.segment(0) == Some("contest")
        && address.segment(2) == Some("problems")
    {
        let letter = problem.trim().split(['.', ' ']).next().and_then(index);
        if let (Some(contest), Some(letter)) = (address.segment(1).and_then(digits), letter) {
            let (scheme, _) = url.split_once("://").unwrap_or(("https", ""));
            return format!(
                "{scheme}://{}/contest/{contest}/problem/{}",
                address.host,
                letter.to_ascii_uppercase()
            );
        }
    }
    url.to_string()
}

/// The problem's identity, `<judge><id>`, from its url (as [`own_url`]
/// gives it): per judge for those whose urls say more than the problem
/// (`poj1753`, `cf1a` from a contest's or the problemset's page alike,
/// `hdu-c26-1001`, `aizu-cgl-1-a`, `codechef-zoz`), otherwise the host's
/// name and the path's and query's words that are not the site's own
/// (`problem`, `tasks`, `php`, a language). At most 40 bytes.
pub fn identity(url: &str) -> String {
    let head = match address(url) {
        Some(address) => known(&address).unwrap_or_else(|| generic(&address)),
        None => String::new(),
    };
    let head = if head.is_empty() || !head.as_bytes()[0].is_ascii_lowercase() {
        joined("problem", &head)
    } else {
        head
    };
    bounded(&head)
}

/// Six digits of the hash of `text` (FNV-1a: the same on every run and
/// platform).
fn hashed(text: &str) -> String {
    let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    });
    format!("{:06}", hash % 1_000_000)
}

/// `head` cut to [`MOST_HEAD`] bytes, its end replaced by six digits of
/// its whole's hash, so that two long identities stay two.
fn bounded(head: &str) -> String {
    if head.len() <= MOST_HEAD {
        return head.to_string();
    }
    let start = head[..MOST_HEAD - 7].trim_end_matches('-');
    format!("{start}-{}", hashed(head))
}

/// The identity on a judge whose urls need reading of their own.
fn known(address: &Address) -> Option<String> {
    let host = address.host.as_str();
    let head = match host {
        "poj.org" => format!("poj{}", digits(address.query("id")?)?),
        "acm.zju.edu.cn" => format!("zoj{}", digits(address.query("problemCode")?)?),
        "zoj.pintia.cn" => format!("zoj{}", digits(address.after("problems")?)?),
        "luogu.com.cn" | "luogu.org" => format!("luogu-{}", word_id(address.after("problem")?)?),
        "codeforces.com" | "codeforces.ml" | "mirror.codeforces.com" => codeforces(address)?,
        "atcoder.jp" => format!("atcoder-{}", word_id(address.after("tasks")?)?),
        "ac.nowcoder.com" => match (address.segment(1)?, address.segment(2)?) {
            ("problem", id) => format!("nowcoder{}", digits(id)?),
            ("contest", contest) => {
                format!(
                    "nowcoder{}{}",
                    digits(contest)?,
                    index(address.segment(3)?)?
                )
            }
            _ => return None,
        },
        _ if host == "kattis.com" || host.ends_with(".kattis.com") => {
            format!("kattis-{}", word_id(address.after("problems")?)?)
        }
        "codechef.com" => {
            let id = address
                .after("problems")
                .or_else(|| address.after("problems-old"))?;
            joined("codechef", &word_id(id)?)
        }
        "judge.u-aizu.ac.jp" | "onlinejudge.u-aizu.ac.jp" => {
            let id = address
                .query("id")
                .or_else(|| address.after("problems"))
                .or_else(|| {
                    (address.segment(0) == Some("challenges"))
                        .then(|| address.segments.last().copied())
                        .flatten()
                })?;
            joined("aizu", &word_id(id)?)
        }
        "acm.hdu.edu.cn" => {
            let problem = digits(address.query("pid")?)?;
            match address.query("cid") {
                Some(contest) => format!("hdu-c{}-{problem}", digits(contest)?),
                None => format!("hdu{problem}"),
            }
        }
        "acm.timus.ru" | "timus.online" => {
            let number = digits(address.query("num")?)?;
            match address.query("space").unwrap_or("1") {
                "1" => format!("timus{number}"),
                space => format!("timus-s{}-{number}", digits(space)?),
            }
        }
        "vjudge.net" | "vjudge.net.cn" => match address.segment(0)? {
            "problem" => format!("vjudge-{}", word_id(address.segment(1)?)?),
            "contest" => {
                let contest = digits(address.segment(1)?)?;
                let letter = address.fragment.strip_prefix("problem/").and_then(index)?;
                format!("vjudge{contest}{letter}")
            }
            _ => return None,
        },
        _ => return None,
    };
    Some(head)
}

/// Codeforces: `contest/1/problem/A`, `problemset/problem/1/A`,
/// `gym/100524/problem/A`, `group/G/contest/1/problem/A` and the acm.sgu.ru
/// archive's `problemsets/acmsguru/problem/99999/123`.
fn codeforces(address: &Address) -> Option<String> {
    let segments = &address.segments;
    if address.segment(0) == Some("problemsets") {
        let set = word_id(address.segment(1)?)?;
        return Some(format!("cf-{set}{}", digits(segments.last()?)?));
    }
    let (contest, problem) =
        if address.segment(0) == Some("problemset") && address.segment(1) == Some("problem") {
            (address.segment(2)?, address.segment(3)?)
        } else {
            let at = segments.iter().position(|part| *part == "problem")?;
            let kind = address.segment(at.checked_sub(2)?)?;
            if kind != "contest" && kind != "gym" {
                return None;
            }
            (address.segment(at - 1)?, address.segment(at + 1)?)
        };
    Some(format!("cf{}{}", digits(contest)?, index(problem)?))
}

/// Words of a url that name no problem: where on the site it is, how the
/// page is made, the language it is shown in.
const SITE_WORDS: &[&str] = &[
    "acm",
    "analysis",
    "archive",
    "archiveproblem",
    "arena",
    "aspx",
    "br",
    "challenges",
    "competitions",
    "contest",
    "contests",
    "course",
    "description",
    "displaywithfile",
    "en",
    "es",
    "exercise",
    "html",
    "htm",
    "index",
    "ja",
    "jsp",
    "lang",
    "lesson",
    "locale",
    "onlinejudge",
    "onlinejudge3",
    "p",
    "page",
    "php",
    "practice",
    "problem",
    "problema",
    "probleme",
    "problems",
    "problemset",
    "problemsets",
    "problem_show",
    "rb",
    "ro",
    "ru",
    "services",
    "show",
    "showproblem",
    "sources",
    "static",
    "statement",
    "task",
    "tasks",
    "view",
    "viewproblem2",
    "zh",
];

/// Query keys whose values name no problem.
const QUERY_KEYS: &[&str] = &["a", "author", "lang", "locale", "m", "page"];

/// The identity on any other judge: the host's own name (`acm.hdu.edu.cn`
/// gives `hdu`, `judge.yosupo.jp` `yosupo`) and the words of the path,
/// query values and fragment that are not [`SITE_WORDS`].
fn generic(address: &Address) -> String {
    let mut labels: Vec<&str> = address.host.split('.').collect();
    // The public suffix: `cn`, `edu.cn`, `ac.jp`, `github.io`...
    if labels.len() > 1 {
        labels.pop();
    }
    let second_level = ["ac", "co", "com", "edu", "gov", "net", "org", "github"];
    if labels.len() > 1 && second_level.contains(labels.last().unwrap_or(&"")) {
        labels.pop();
    }
    let judge: String = labels
        .last()
        .unwrap_or(&"")
        .bytes()
        .filter(u8::is_ascii_alphanumeric)
        .map(|byte| char::from(byte.to_ascii_lowercase()))
        .take(16)
        .collect();
    let judge = match judge.as_str() {
        "" => "judge".to_string(),
        judge if !judge.as_bytes()[0].is_ascii_lowercase() => format!("j{judge}"),
        _ => judge,
    };
    let mut parts: Vec<&str> = address.segments.clone();
    for pair in address.query.split('&') {
        match pair.split_once('=') {
            Some((key, value)) if !QUERY_KEYS.contains(&key.to_ascii_lowercase().as_str()) => {
                parts.push(value)
            }
            Some(_) => {}
            None => parts.push(pair),
        }
    }
    parts.extend(address.fragment.split('/'));
    let mut words = Vec::new();
    for part in parts {
        let text = percent_decoded(part);
        for word in text.split(|c: char| !c.is_ascii_alphanumeric()) {
            // A site's word, unless in capitals: an index (`tasks/A`).
            let lower = word.to_ascii_lowercase();
            let capitals = word.bytes().all(|byte| !byte.is_ascii_lowercase());
            if !word.is_empty() && (capitals || !SITE_WORDS.contains(&lower.as_str())) {
                words.push(lower);
            }
        }
        // What words cannot hold (大鱼吃小鱼, a problem's id on Contest
        // Hunter) is held by its hash.
        if !text.is_ascii() {
            words.push(hashed(&text));
        }
    }
    joined(&judge, &words.join("-"))
}

/// `%XX` escapes decoded, bytes that are not UTF-8 as U+FFFD.
fn percent_decoded(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        let hex = bytes
            .get(at + 1..at + 3)
            .and_then(|pair| std::str::from_utf8(pair).ok())
            .and_then(|pair| u8::from_str_radix(pair, 16).ok());
        match (bytes[at], hex) {
            (b'%', Some(byte)) => {
                out.push(byte);
                at += 3;
            }
            (b'+', _) => {
                out.push(b' ');
                at += 1;
            }
            (byte, _) => {
                out.push(byte);
                at += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(problem: &str, url: &str) -> String {
        let url = own_url(url, problem);
        crate_name(&identity(&url), problem)
    }

    #[test]
    fn one_problem_from_any_page_is_one_identity() {
        for urls in [
            &[
                "https://codeforces.com/contest/1/problem/A",
                "https://codeforces.com/problemset/problem/1/A?locale=en",
                "https://codeforces.com/contest/1/problem/A?locale=ru",
            ][..],
            &[
                "https://www.codechef.com/LTIME58A/problems/ZOZ",
                "https://www.codechef.com/LTIME58A/problems-old/ZOZ",
                "https://www.codechef.com/problems/ZOZ",
            ],
            &[
                "https://judge.u-aizu.ac.jp/onlinejudge/description.jsp?id=CGL_1_A&lang=ja",
                "https://judge.u-aizu.ac.jp/onlinejudge/description.jsp?id=CGL_1_A&lang=en",
                "https://onlinejudge.u-aizu.ac.jp/problems/CGL_1_A",
            ],
            &[
                "https://tlx.toki.id/contests/troc-16/problems/A",
                "https://tlx.toki.id/problems/troc-16/A",
            ],
            &[
                "https://www.pbinfo.ro/probleme/2/suma-n",
                "https://new.pbinfo.ro/probleme/2/suma-n/",
            ],
            &[
                "https://neps.academy/br/exercise/134",
                "https://neps.academy/exercise/134",
            ],
            &[
                "https://acm.timus.ru/problem.aspx?space=1&num=1098",
                "https://acm.timus.ru/problem.aspx?space=1&num=1098&locale=ru",
            ],
            &[
                "https://old.yosupo.jp/problem/aplusb",
                "https://judge.yosupo.jp/problem/aplusb",
            ],
        ] {
            let first = identity(urls[0]);
            for url in urls {
                assert_eq!(identity(url), first, "{url}");
            }
        }
        // The complete problemset's page holds the index in the name only.
        assert_eq!(
            own_url(
                "https://codeforces.com/contest/1/problems?locale=en",
                "A. Theatre Square"
            ),
            "https://codeforces.com/contest/1/problem/A"
        );
        assert_eq!(
            name(
                "A. Theatre Square",
                "https://codeforces.com/contest/1/problems?locale=en"
            ),
            name(
                "A. Theatre Square",
                "https://codeforces.com/problemset/problem/1/A"
            )
        );
    }

    #[test]
    fn identities_are_read_per_judge() {
        for (url, head) in [
            ("http://poj.org/problem?id=1753", "poj1753"),
            ("https://codeforces.com/gym/100524/problem/J", "cf100524j"),
            (
                "https://codeforces.com/group/MWSDmqGsZm/contest/219856/problem/A?locale=en",
                "cf219856a",
            ),
            (
                "https://codeforces.com/problemsets/acmsguru/problem/99999/123?locale=en",
                "cf-acmsguru123",
            ),
            (
                "https://acm.hdu.edu.cn/contests/contest_showproblem.php?pid=1001&cid=26",
                "hdu-c26-1001",
            ),
            ("https://acm.hdu.edu.cn/showproblem.php?pid=1000", "hdu1000"),
            (
                "https://judge.u-aizu.ac.jp/onlinejudge/description.jsp?id=CGL_1_A&lang=en",
                "aizu-cgl-1-a",
            ),
            (
                "https://onlinejudge.u-aizu.ac.jp/challenges/sources/JOI/Prelim/0652",
                "aizu0652",
            ),
            (
                "https://www.codechef.com/LTIME58A/problems/ZOZ",
                "codechef-zoz",
            ),
            (
                "https://acm.timus.ru/problem.aspx?space=340&num=2",
                "timus-s340-2",
            ),
            ("https://vjudge.net/problem/HDU-3642", "vjudge-hdu-3642"),
            (
                "https://vjudge.net/contest/480959#problem/G",
                "vjudge480959g",
            ),
            ("https://www.spoj.com/problems/ADAPHOTO/", "spoj-adaphoto"),
            ("https://cses.fi/problemset/task/1729", "cses1729"),
            ("https://cses.fi/241/task/B", "cses241-b"),
            ("https://dmoj.ca/problem/tle17c8p1", "dmoj-tle17c8p1"),
            (
                "http://acm.ocrosoft.com/problem.php?cid=3659&pid=2",
                "ocrosoft3659-2",
            ),
            (
                "https://libreoj.github.io/contest/25/problem/4",
                "libreoj25-4",
            ),
            (
                "http://golf.shinh.org/p.rb?digit+sum+until+no+change",
                "shinh-digit-sum-until-no-change",
            ),
            ("https://a2oj.com/p?ID=1", "a2oj1"),
        ] {
            assert_eq!(identity(url), head, "{url}");
        }
    }

    #[test]
    fn a_name_without_ascii_letters_is_its_identity_and_every_name_is_bounded() {
        assert_eq!(
            name("大鱼吃小鱼", "https://vjudge.net/problem/51Nod-1289"),
            "vjudge-51nod-1289"
        );
        assert_eq!(
            name(
                "D. Очень приятно!",
                "https://codeforces.com/contest/810/problem/D?locale=ru"
            ),
            "cf810d"
        );
        assert_eq!(
            name(
                "D. Glad to see you!",
                "https://codeforces.com/contest/810/problem/D"
            ),
            "cf810d-glad-to-see-you"
        );
        assert_eq!(
            name(
                "1006：A+B问题",
                "http://ybt.ssoier.cn:8088/problem_show.php?pid=1006"
            ),
            "ssoier1006-a-b"
        );
        let long = format!("http://x.org/{}", "verylongword/".repeat(30));
        let words = "word ".repeat(40);
        for (problem, url) in [
            (words.as_str(), long.as_str()),
            ("\u{202e}evil\u{2066}", "http://\u{202e}.org/\u{2066}1"),
            ("x", "not a url"),
            ("", "http://127.0.0.1:8080/"),
            ("../..", "http://example.com/../../7"),
        ] {
            let made = name(problem, url);
            assert!(is_made_name(&made), "{made:?} from {url:?}");
            assert!(made.len() <= MOST_NAME, "{made}");
        }
        assert_ne!(identity(&format!("{long}a")), identity(&format!("{long}b")));
    }
}
