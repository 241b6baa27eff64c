//! The Debian package: `./tasks package --binary` packages this test build of cogctl with the
//! same steps as the release package, lintian must find no error (the task fails otherwise),
//! and the package must hold the binary, every man page (gzipped), the completions, the README,
//! the manual and the copyright, each where Debian looks for it; extracted into a temporary
//! root, the packaged binary runs against a real redis-server.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use crate::support::{Cogctl, RedisServer};

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

#[track_caller]
fn ok(output: Output, what: &str) -> String {
    assert!(
        output.status.success(),
        "{what} failed ({}):\n--- stdout\n{}--- stderr\n{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("UTF-8 output")
}

fn run(program: &str, args: &[&str]) -> String {
    let output = Command::new(program)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap_or_else(|e| panic!("{program}: {e} (./tasks test installs it)"));
    ok(output, &format!("{program} {}", args.join(" ")))
}

/// The packaged binary, with the test environment of support::Cogctl.
fn packaged(binary: &Path, server: &RedisServer, args: &[&str]) -> Output {
    Command::new(binary)
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("COLUMNS", "100")
        .env("TZ", "UTC")
        .env("NO_COLOR", "1")
        .env("COGCTL_REDIS_URL", server.url())
        .args(["--color", "never"])
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("run the packaged cogctl")
}

/// `dpkg-deb -c`: each entry's mode, owner and path (`./usr/bin/cogctl`).
fn contents(deb: &str) -> Vec<(String, String, String)> {
    run("dpkg-deb", &["-c", deb])
        .lines()
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            (
                fields[0].to_string(),
                fields[1].to_string(),
                fields[5..].join(" "),
            )
        })
        .collect()
}

fn gunzip(path: &Path) -> String {
    let bytes = std::fs::read(path).unwrap();
    // gzip -n: no file name (FLG.FNAME unset) and no time stamp, so that rebuilds are equal.
    assert_eq!(&bytes[..3], b"\x1f\x8b\x08", "{path:?} is not gzip");
    assert_eq!(bytes[3] & 0x08, 0, "{path:?} carries a file name");
    assert_eq!(&bytes[4..8], &[0, 0, 0, 0], "{path:?} carries a time stamp");
    run("gzip", &["-dc", path.to_str().unwrap()])
}

#[test]
fn the_debian_package_holds_a_working_cogctl_its_man_pages_completions_and_docs() {
    let out = tempfile::tempdir().unwrap();
    let built = Command::new(repo().join("tasks"))
        .args(["package", "--binary", env!("CARGO_BIN_EXE_cogctl"), "--out"])
        .arg(out.path())
        .stdin(Stdio::null())
        .output()
        .expect("run ./tasks package");
    assert!(
        !String::from_utf8_lossy(&built.stderr).contains("root privileges"),
        "{}",
        String::from_utf8_lossy(&built.stderr)
    );
    let stdout = ok(built, "./tasks package");
    let arch = run("dpkg", &["--print-architecture"]);
    let version = env!("CARGO_PKG_VERSION");
    let deb_path = out
        .path()
        .join(format!("cogctl_{version}_{}.deb", arch.trim()));
    let deb = deb_path.to_str().unwrap();
    assert_eq!(stdout.lines().last(), Some(deb), "{stdout}");

    // The control fields (dpkg-deb -I).
    let info = run("dpkg-deb", &["-I", deb]);
    for field in [
        "Package: cogctl\n",
        &format!("Version: {version}\n"),
        &format!("Architecture: {}", arch.trim()),
        "Maintainer: ",
        "Section: admin\n",
        "Description: inspect and repair the Redis queues of cogworker 0.8\n",
    ] {
        assert!(info.contains(field), "no {field:?} in\n{info}");
    }
    let depends = run("dpkg-deb", &["-f", deb, "Depends"]);
    assert!(depends.starts_with("libc6 (>= "), "Depends: {depends}");
    // The bash completions work only with bash-completion installed.
    let recommends = run("dpkg-deb", &["-f", deb, "Recommends"]);
    assert_eq!(recommends.trim(), "bash-completion");

    // The files (dpkg-deb -c): owned by root, where Debian's tools look for them.
    let entries = contents(deb);
    for (mode, owner, path) in &entries {
        assert_eq!(owner, "root/root", "{path}");
        assert!(path == "./" || path.starts_with("./usr/"), "{path}");
        if path.ends_with('/') {
            assert_eq!(mode, "drwxr-xr-x", "{path}");
        } else if path == "./usr/bin/cogctl" {
            assert_eq!(mode, "-rwxr-xr-x", "{path}");
        } else {
            assert_eq!(mode, "-rw-r--r--", "{path}");
        }
    }
    let files: BTreeSet<&str> = entries
        .iter()
        .map(|(_, _, p)| p.as_str())
        .filter(|p| !p.ends_with('/'))
        .collect();
    let generated = tempfile::tempdir().unwrap();
    Cogctl::bare()
        .args(["--quiet", "generate", "man"])
        .args([generated.path()])
        .run()
        .success();
    let pages: BTreeSet<String> = std::fs::read_dir(generated.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(pages.len() > 50, "{pages:?}");
    let docs: Vec<String> = std::fs::read_dir(repo().join("docs"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".md"))
        .collect();
    let mut expected: BTreeSet<String> = [
        "./usr/bin/cogctl",
        "./usr/share/bash-completion/completions/cogctl",
        "./usr/share/zsh/vendor-completions/_cogctl",
        "./usr/share/fish/vendor_completions.d/cogctl.fish",
        "./usr/share/doc/cogctl/README.md",
        "./usr/share/doc/cogctl/copyright",
        "./usr/share/doc/cogctl/changelog.gz",
    ]
    .map(String::from)
    .into();
    expected.extend(pages.iter().map(|p| format!("./usr/share/man/man1/{p}.gz")));
    expected.extend(
        docs.iter()
            .map(|d| format!("./usr/share/doc/cogctl/docs/{d}")),
    );
    let files: BTreeSet<String> = files.into_iter().map(String::from).collect();
    assert_eq!(files, expected, "the package's files");

    // Extracted (dpkg-deb -x): the files are the build's own output, and the binary runs.
    let root = tempfile::tempdir().unwrap();
    run("dpkg-deb", &["-x", deb, root.path().to_str().unwrap()]);
    let at = |p: &str| -> PathBuf { root.path().join(p.trim_start_matches("./")) };
    for page in &pages {
        let packaged = gunzip(&at(&format!("usr/share/man/man1/{page}.gz")));
        let now = std::fs::read_to_string(generated.path().join(page)).unwrap();
        assert!(
            packaged == now,
            "usr/share/man/man1/{page}.gz differs from the build's"
        );
    }
    for (shell, path) in [
        ("bash", "usr/share/bash-completion/completions/cogctl"),
        ("zsh", "usr/share/zsh/vendor-completions/_cogctl"),
        ("fish", "usr/share/fish/vendor_completions.d/cogctl.fish"),
    ] {
        let now = Cogctl::bare()
            .args(["generate", "completions", shell])
            .run();
        let packaged = std::fs::read_to_string(at(path)).unwrap();
        assert!(
            packaged == now.success().stdout,
            "{path} differs from the build's"
        );
    }
    let readme = std::fs::read_to_string(at("usr/share/doc/cogctl/README.md")).unwrap();
    assert_eq!(
        readme,
        std::fs::read_to_string(repo().join("README.md")).unwrap()
    );
    let copyright = std::fs::read_to_string(at("usr/share/doc/cogctl/copyright")).unwrap();
    assert!(
        copyright.starts_with(
            "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n"
        ),
        "{copyright}"
    );
    assert!(
        copyright.contains("\nLicense: MIT or Apache-2.0\n"),
        "{copyright}"
    );
    let changelog = gunzip(&at("usr/share/doc/cogctl/changelog.gz"));
    assert!(
        changelog.starts_with(&format!("cogctl ({version}) ")),
        "{changelog}"
    );

    let binary = at("usr/bin/cogctl");
    let server = RedisServer::start();
    let version_line = ok(
        packaged(&binary, &server, &["--version"]),
        "cogctl --version",
    );
    assert_eq!(
        version_line,
        format!("cogctl {version} (cogworker data 0.8)\n")
    );
    server.load("incident");
    let args = ["dead", "list", "--ndjson"];
    let listed = ok(
        packaged(&binary, &server, &args),
        "the packaged cogctl dead list",
    );
    assert_eq!(
        listed,
        Cogctl::new(&server).args(args).run().success().stdout
    );
    assert_eq!(listed.lines().count(), 3, "{listed}");
}
