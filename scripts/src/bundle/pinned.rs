//! The pinned crates' expansion committed in `scripts/equipped/`: what
//! cargo-equip 0.20.1 appends to a solution for each set of the pinned
//! crates (proconio 0.5.0, rustc-hash 2.1.1), and which crates may take
//! it, decided from `cargo metadata` as cargo-equip decides what it inlines
//! (the crate's normal dependencies and theirs, `libs_to_bundle` in its
//! `src/workspace.rs`).

use super::splice::Unsupported;
use crate::error::Error;
use serde_json::Value;

/// What `scripts/equipped/pinned.json` records: the cargo-equip version
/// and command, the pinned crates as `cargo metadata` names them, and which
/// file holds the expansion of each set of them.
const MANIFEST: &str = include_str!("../../equipped/pinned.json");

/// The committed expansions, by file name.
const EXPANSIONS: [(&str, &str); 3] = [
    ("proconio.rs", include_str!("../../equipped/proconio.rs")),
    (
        "rustc-hash.rs",
        include_str!("../../equipped/rustc-hash.rs"),
    ),
    (
        "proconio+rustc-hash.rs",
        include_str!("../../equipped/proconio+rustc-hash.rs"),
    ),
];

/// One pinned crate as the expansion was made with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Crate {
    /// Its package id, as `cargo metadata` writes it (source and version).
    pub id: String,
    /// The name the solutions' code uses (`rustc_hash`).
    pub extern_name: String,
    /// Its features as the workspace resolves them, sorted.
    pub features: Vec<String>,
}

/// The committed expansion's record.
#[derive(Debug)]
pub struct Pinned {
    /// The cargo-equip version that made it.
    pub equip_version: String,
    pub crates: Vec<Crate>,
    /// Each set of crates (package ids, sorted) and its expansion.
    expansions: Vec<(Vec<String>, &'static str)>,
}

fn strings(value: &Value) -> Vec<String> {
    value
        .as_array()
        .map(|items| {
            items
                .iter()
                .filter_map(|item| item.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}

impl Pinned {
    /// The committed record; an error only if the committed files are
    /// broken.
    pub fn committed() -> Result<Pinned, Error> {
        let broken = |what: &str| Error::new(format!("scripts/equipped/pinned.json: {what}"));
        let manifest: Value =
            serde_json::from_str(MANIFEST).map_err(|error| broken(&error.to_string()))?;
        let equip_version = manifest["cargo-equip"]
            .as_str()
            .ok_or_else(|| broken("no `cargo-equip` version"))?
            .to_string();
        let mut crates = Vec::new();
        for entry in manifest["crates"]
            .as_array()
            .ok_or_else(|| broken("no `crates`"))?
        {
            let (Some(id), Some(extern_name)) = (entry["id"].as_str(), entry["extern"].as_str())
            else {
                return Err(broken("a crate without `id` or `extern`"));
            };
            let mut features = strings(&entry["features"]);
            features.sort();
            crates.push(Crate {
                id: id.to_string(),
                extern_name: extern_name.to_string(),
                features,
            });
        }
        let mut expansions = Vec::new();
        for entry in manifest["expansions"]
            .as_array()
            .ok_or_else(|| broken("no `expansions`"))?
        {
            let file = entry["file"].as_str().unwrap_or_default();
            let text = EXPANSIONS
                .iter()
                .find(|(name, _)| *name == file)
                .map(|(_, text)| *text)
                .ok_or_else(|| broken(&format!("no committed file `{file}`")))?;
            let mut ids = strings(&entry["crates"]);
            ids.sort();
            expansions.push((ids, text));
        }
        Ok(Pinned {
            equip_version,
            crates,
            expansions,
        })
    }

    /// The expansion for the crate `name` of `metadata` (`cargo metadata
    /// --format-version 1`, with its resolve), whose dependencies are
    /// `built` as `cargo build -p NAME` builds them: no text for a crate
    /// with no libraries; Unsupported, saying why, when cargo-equip would
    /// inline something else than a committed set. proconio with its
    /// `derive` feature takes proconio's expansion, the splice expanding
    /// its `#[fastout]`.
    pub fn expansion_for(
        &self,
        metadata: &Value,
        name: &str,
        built: &Built,
    ) -> Result<Expansion, Unsupported> {
        let unsupported = |why: String| Unsupported::Equip(why);
        let members = strings(&metadata["workspace_members"]);
        let package = metadata["packages"]
            .as_array()
            .into_iter()
            .flatten()
            .find(|package| {
                package["name"] == name
                    && package["id"]
                        .as_str()
                        .is_some_and(|id| members.iter().any(|member| member == id))
            })
            .ok_or_else(|| unsupported(format!("cargo metadata does not list {name}")))?;
        let has_lib = package["targets"]
            .as_array()
            .into_iter()
            .flatten()
            .any(|target| {
                strings(&target["kind"]).iter().any(|kind| {
                    !matches!(
                        kind.as_str(),
                        "bin" | "example" | "test" | "bench" | "custom-build"
                    )
                })
            });
        if has_lib {
            return Err(unsupported(
                "the crate has a library target, which cargo-equip inlines too".to_string(),
            ));
        }
        let nodes = metadata["resolve"]["nodes"]
            .as_array()
            .ok_or_else(|| unsupported("cargo metadata gave no resolve".to_string()))?;
        let node = |id: &str| nodes.iter().find(|node| node["id"] == id);
        let root = node(package["id"].as_str().unwrap_or_default())
            .ok_or_else(|| unsupported(format!("cargo metadata does not resolve {name}")))?;
        let mut ids = Vec::new();
        let mut derive = false;
        for dependency in normal_dependencies(root) {
            let id = dependency["pkg"].as_str().unwrap_or_default();
            let shown = id.rsplit(['#', '/']).next().unwrap_or(id);
            if dependency["dep_kinds"]
                .as_array()
                .into_iter()
                .flatten()
                .any(|kind| kind["kind"].is_null() && !kind["target"].is_null())
            {
                return Err(unsupported(format!(
                    "its dependency {shown} is for some platforms only"
                )));
            }
            let Some(pinned) = self.crates.iter().find(|pinned| pinned.id == id) else {
                return Err(unsupported(format!(
                    "it depends on {shown}, outside the pinned crates ({})",
                    self.names()
                )));
            };
            if dependency["name"] != pinned.extern_name.as_str() {
                return Err(unsupported(format!("it renames {shown}")));
            }
            // Not built for this crate alone (an optional dependency
            // another member's features turn on): not bundled either.
            let Some(package) = built.get(&package_key(id)) else {
                continue;
            };
            let mut features = package.features.clone();
            let mut dependencies = package.dependencies.clone();
            if pinned.extern_name == "proconio" && features.iter().any(|one| one == "derive") {
                features.retain(|one| !DERIVE_FEATURES.contains(&one.as_str()));
                dependencies.retain(|one| one != PROCONIO_DERIVE);
                derive = true;
            }
            if features != pinned.features {
                return Err(unsupported(format!(
                    "{shown} has the features [{}], where the committed expansion has [{}]",
                    features.join(", "),
                    pinned.features.join(", ")
                )));
            }
            if !dependencies.is_empty() {
                return Err(unsupported(format!(
                    "{shown} has dependencies of its own here ({})",
                    dependencies.join(", ")
                )));
            }
            ids.push(id.to_string());
        }
        if ids.is_empty() {
            return Ok(Expansion { text: None, derive });
        }
        ids.sort();
        self.expansions
            .iter()
            .find(|(set, _)| *set == ids)
            .map(|(_, text)| Expansion {
                text: Some(*text),
                derive,
            })
            .ok_or_else(|| unsupported("no committed expansion for its set of crates".to_string()))
    }

    /// The pinned crates as `name version`, for messages.
    fn names(&self) -> String {
        self.crates
            .iter()
            .map(|pinned| {
                let tail = pinned.id.rsplit('#').next().unwrap_or(&pinned.id);
                tail.replace('@', " ")
            })
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The features proconio's `derive` adds (the feature, and the implicit
/// one of its optional dependency), and that dependency as `cargo tree`
/// shows it: proconio-derive 0.2.1 is the version proconio 0.5.0's
/// `^0.2.0` resolves to, and the one whose `#[fastout]` the splice expands.
const DERIVE_FEATURES: [&str; 2] = ["derive", "proconio-derive"];
const PROCONIO_DERIVE: &str = "proconio-derive v0.2.1";

/// What the splice takes for one crate.
#[derive(Debug, PartialEq, Eq)]
pub struct Expansion {
    /// The committed expansion of its libraries; None when it has none.
    pub text: Option<&'static str>,
    /// proconio is built with `derive`: its `#[fastout]` is the splice's
    /// to expand.
    pub derive: bool,
}

/// One package as `cargo build -p NAME` builds it for a crate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuiltPackage {
    /// Its features, sorted.
    pub features: Vec<String>,
    /// Its normal dependencies, as `name vVERSION`.
    pub dependencies: Vec<String>,
}

/// The direct normal dependencies of a crate as `cargo build -p NAME`
/// builds them, by `name vVERSION`.
pub type Built = std::collections::BTreeMap<String, BuiltPackage>;

/// `name vVERSION` of a package id (`...#name@version`).
fn package_key(id: &str) -> String {
    let tail = id.rsplit('#').next().unwrap_or(id);
    match tail.rsplit_once('@') {
        Some((name, version)) => format!("{name} v{version}"),
        None => tail.to_string(),
    }
}

/// The crate `name`'s direct normal dependencies with their features and
/// dependencies as `cargo build -p NAME` resolves them, never unified with
/// the other members' (`cargo metadata`'s resolve unifies features over
/// the whole workspace): `cargo tree`'s view of that one package.
pub fn built_for(root: &std::path::Path, name: &str) -> Result<Built, Error> {
    let output = crate::command::run(
        crate::workspace::cargo()
            .args(["tree", "--quiet", "--edges", "normal", "--prefix", "depth"])
            .args(["--format", "{p}|{f}", "--package", name])
            .current_dir(root),
    )?;
    Ok(parse_tree(&String::from_utf8_lossy(&output)))
}

/// `cargo tree --prefix depth --format '{p}|{f}'`'s lines, read.
fn parse_tree(tree: &str) -> Built {
    let mut built = Built::new();
    let mut current: Option<String> = None;
    for line in tree.lines() {
        let digits = line.len() - line.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let depth: usize = line[..digits].parse().unwrap_or(usize::MAX);
        let (package, features) = line[digits..]
            .split_once('|')
            .unwrap_or((&line[digits..], ""));
        let key = package.split(' ').take(2).collect::<Vec<_>>().join(" ");
        match depth {
            1 => {
                let features = features.trim_end_matches(" (*)");
                let mut features: Vec<String> = features
                    .split(',')
                    .filter(|one| !one.is_empty())
                    .map(String::from)
                    .collect();
                features.sort();
                built.insert(
                    key.clone(),
                    BuiltPackage {
                        features,
                        dependencies: Vec::new(),
                    },
                );
                current = Some(key);
            }
            2 => {
                if let Some(package) = current.as_ref().and_then(|key| built.get_mut(key)) {
                    package.dependencies.push(key);
                }
            }
            _ if depth < 1 => current = None,
            _ => {}
        }
    }
    built
}

/// The dependencies of a resolve node that are normal ones (not only
/// dev- or build-dependencies).
fn normal_dependencies(node: &Value) -> impl Iterator<Item = &Value> {
    node["deps"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|dependency| {
            dependency["dep_kinds"]
                .as_array()
                .into_iter()
                .flatten()
                .any(|kind| kind["kind"].is_null())
        })
}

/// The names a package's dependencies go by in its code: each one's
/// `rename`, else its name with `-` as `_`.
pub fn dependency_names(metadata: &Value, name: &str) -> Vec<String> {
    metadata["packages"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|package| package["name"] == name)
        .flat_map(|package| package["dependencies"].as_array().into_iter().flatten())
        .filter_map(|dependency| {
            dependency["rename"]
                .as_str()
                .or_else(|| dependency["name"].as_str())
                .map(|name| name.replace('-', "_"))
        })
        .collect()
}

/// The edition of package `name`.
pub fn edition(metadata: &Value, name: &str) -> String {
    metadata["packages"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|package| package["name"] == name)
        .and_then(|package| package["edition"].as_str())
        .unwrap_or("2021")
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bundle::equip::EQUIP_VERSION;
    use serde_json::json;
    use std::path::Path;
    use std::process::Command;

    const PROCONIO: &str = "registry+https://github.com/rust-lang/crates.io-index#proconio@0.5.0";
    const RUSTC_HASH: &str =
        "registry+https://github.com/rust-lang/crates.io-index#rustc-hash@2.1.1";

    /// The committed expansion was made for what the workspace pins now,
    /// by the cargo-equip that bundles are made with: a change to either
    /// fails here until scripts/equipped/ is remade.
    #[test]
    fn the_committed_expansion_is_for_the_pinned_crates_and_cargo_equip_of_now() {
        let pinned = Pinned::committed().unwrap();
        assert_eq!(
            pinned.equip_version, EQUIP_VERSION,
            "scripts/equipped/ was made by another cargo-equip: run scripts/equipped/remake"
        );
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
        let output = Command::new(env!("CARGO"))
            .args(["metadata", "--format-version", "1", "--locked"])
            .current_dir(root)
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let metadata: Value = serde_json::from_slice(&output.stdout).unwrap();
        let nodes = metadata["resolve"]["nodes"].as_array().unwrap();
        for pinned_crate in &pinned.crates {
            let name = pinned_crate
                .id
                .rsplit('#')
                .next()
                .unwrap()
                .split('@')
                .next()
                .unwrap();
            // Every version of the crate the workspace resolves is the
            // recorded one, with the recorded features.
            let resolved: Vec<(String, Vec<String>)> = nodes
                .iter()
                .filter(|node| node["id"].as_str().unwrap().contains(&format!("#{name}@")))
                .map(|node| {
                    let mut features = strings(&node["features"]);
                    features.sort();
                    (node["id"].as_str().unwrap().to_string(), features)
                })
                .collect();
            assert_eq!(
                resolved,
                [(pinned_crate.id.clone(), pinned_crate.features.clone())],
                "the workspace resolves {name} otherwise than scripts/equipped/pinned.json \
                 records: update it and run scripts/equipped/remake"
            );
        }
        // Each expansion is cargo-equip's, for its own set and no other.
        let ids: Vec<&str> = pinned
            .crates
            .iter()
            .map(|pinned| pinned.id.as_str())
            .collect();
        for (set, text) in &pinned.expansions {
            assert!(
                text.starts_with("\n// The following code was expanded by `cargo-equip`.\n"),
                "{set:?}"
            );
            for id in &ids {
                let listed = text.contains(&format!("///  - `{id}`"));
                assert_eq!(listed, set.iter().any(|one| one == id), "{id} in {set:?}");
            }
        }
        // Every non-empty set of the pinned crates has one.
        assert_eq!(pinned.expansions.len(), (1 << ids.len()) - 1);
    }

    /// `cargo metadata`'s view of one crate `solution` with these normal
    /// dependencies (id, name in code, features) and dev-dependencies.
    fn metadata(normal: &[(&str, &str, &[&str])], dev: &[&str], lib: bool) -> Value {
        let root = "path+file:///w/crates/solution#0.1.0";
        let mut kinds = vec![json!({"kind": ["bin"]})];
        if lib {
            kinds.push(json!({"kind": ["lib"]}));
        }
        let mut deps = Vec::new();
        let mut nodes = Vec::new();
        for (id, name, features) in normal {
            deps.push(
                json!({"name": name, "pkg": id, "dep_kinds": [{"kind": null, "target": null}]}),
            );
            nodes.push(json!({"id": id, "features": features, "deps": []}));
        }
        for id in dev {
            deps.push(json!({"name": "fastrand", "pkg": id, "dep_kinds": [{"kind": "dev", "target": null}]}));
            nodes.push(json!({"id": id, "features": [], "deps": []}));
        }
        nodes.push(json!({"id": root, "features": [], "deps": deps}));
        json!({
            "workspace_members": [root],
            "packages": [{"name": "solution", "id": root, "targets": kinds, "dependencies": []}],
            "resolve": {"nodes": nodes},
        })
    }

    /// The dependencies of `metadata` as `cargo tree` would show them
    /// for the one crate, proconio with `derive` depending on
    /// proconio-derive.
    fn built(metadata: &Value) -> Built {
        let mut built = Built::new();
        for node in metadata["resolve"]["nodes"].as_array().unwrap() {
            let mut features = strings(&node["features"]);
            features.sort();
            let dependencies = if features.iter().any(|one| one == "derive") {
                vec![PROCONIO_DERIVE.to_string()]
            } else {
                vec![]
            };
            let key = package_key(node["id"].as_str().unwrap());
            built.insert(
                key,
                BuiltPackage {
                    features,
                    dependencies,
                },
            );
        }
        built
    }

    fn expansion(metadata: &Value) -> Result<Option<&'static str>, String> {
        Pinned::committed()
            .unwrap()
            .expansion_for(metadata, "solution", &built(metadata))
            .map(|expansion| expansion.text)
            .map_err(|refused| refused.why().to_string())
    }

    #[test]
    fn a_crate_with_pinned_crates_only_gets_the_expansion_of_its_set() {
        let pinned = Pinned::committed().unwrap();
        let hash_features: &[&str] = &["default", "std"];
        let proconio = (PROCONIO, "proconio", &[][..]);
        let rustc_hash = (RUSTC_HASH, "rustc_hash", hash_features);
        let text = |set: &[&str]| {
            pinned
                .expansions
                .iter()
                .find(|(ids, _)| ids.iter().map(String::as_str).eq(set.iter().copied()))
                .map(|(_, text)| *text)
        };
        assert_eq!(
            expansion(&metadata(
                &[proconio],
                &["registry+x#fastrand@2.5.0"],
                false
            )),
            Ok(text(&[PROCONIO]))
        );
        assert_eq!(
            expansion(&metadata(&[rustc_hash, proconio], &[], false)),
            Ok(text(&[PROCONIO, RUSTC_HASH]))
        );
        assert_eq!(expansion(&metadata(&[], &[], false)), Ok(None));
        assert_ne!(text(&[PROCONIO]), text(&[PROCONIO, RUSTC_HASH]));
    }

    /// proconio with `derive` takes proconio's expansion, the splice
    /// expanding `#[fastout]`.
    #[test]
    fn proconio_with_derive_takes_proconios_expansion() {
        let derive = (PROCONIO, "proconio", &["derive", "proconio-derive"][..]);
        let metadata = metadata(&[derive], &[], false);
        let found = Pinned::committed()
            .unwrap()
            .expansion_for(&metadata, "solution", &built(&metadata))
            .unwrap();
        assert!(found.derive);
        assert_eq!(
            found.text,
            expansion(&self::metadata(
                &[(PROCONIO, "proconio", &[][..])],
                &[],
                false
            ))
            .unwrap()
        );
    }

    /// `cargo tree`'s lines for one crate: its direct dependencies with
    /// their features and their own dependencies, deeper ones left out.
    #[test]
    fn cargo_trees_view_of_one_crate_is_read() {
        let tree = "0a v0.1.0 (/w/crates/a)|\n1proconio v0.5.0|derive,proconio-derive\n2proconio-derive v0.2.1 (proc-macro)|\n3syn v1.0.109|full\n4quote v1.0.47|default (*)\n1rustc-hash v2.1.1|std,default\n";
        let built = parse_tree(tree);
        let package = |features: &[&str], dependencies: &[&str]| BuiltPackage {
            features: features.iter().map(|one| one.to_string()).collect(),
            dependencies: dependencies.iter().map(|one| one.to_string()).collect(),
        };
        assert_eq!(
            built,
            Built::from([
                (
                    "proconio v0.5.0".to_string(),
                    package(&["derive", "proconio-derive"], &["proconio-derive v0.2.1"])
                ),
                (
                    "rustc-hash v2.1.1".to_string(),
                    package(&["default", "std"], &[])
                ),
            ])
        );
        assert_eq!(package_key(PROCONIO), "proconio v0.5.0");
    }

    #[test]
    fn anything_else_is_left_to_cargo_equip_saying_why() {
        let other = (
            "registry+https://github.com/rust-lang/crates.io-index#itertools@0.14.0",
            "itertools",
            &[][..],
        );
        let proconio = (PROCONIO, "proconio", &[][..]);
        let why = expansion(&metadata(&[proconio, other], &[], false)).unwrap_err();
        assert_eq!(
            why,
            "it depends on itertools@0.14.0, outside the pinned crates (proconio 0.5.0, rustc-hash 2.1.1)"
        );
        let newer = (
            "registry+https://github.com/rust-lang/crates.io-index#proconio@0.5.1",
            "proconio",
            &[][..],
        );
        assert!(expansion(&metadata(&[newer], &[], false))
            .unwrap_err()
            .contains("proconio@0.5.1"));
        let renamed = (PROCONIO, "reader", &[][..]);
        assert_eq!(
            expansion(&metadata(&[renamed], &[], false)).unwrap_err(),
            "it renames proconio@0.5.0"
        );
        let rand = (RUSTC_HASH, "rustc_hash", &["default", "rand", "std"][..]);
        assert!(expansion(&metadata(&[rand], &[], false))
            .unwrap_err()
            .contains("features [default, rand, std]"));
        assert!(expansion(&metadata(&[proconio], &[], true))
            .unwrap_err()
            .contains("library target"));
    }
}
