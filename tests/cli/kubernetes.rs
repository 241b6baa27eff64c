//! examples/kubernetes/: the manifests parsed as YAML (Python's yaml, which `./tasks test`
//! installs with the other test tools), and every `cogctl …` command line in them parsed by the
//! clap tree; their probe paths and ports, the Prometheus annotations and the grace period
//! checked against the flags they run with.

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use clap::Parser;
use cogctl::cli::args::{Cli, Command as Sub};
use cogctl::commands::procs::control::ProcsAction;
use serde_json::Value;

/// Every document of a manifest, as JSON.
fn documents(name: &str) -> Vec<Value> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples/kubernetes")
        .join(name);
    let out = Command::new("/usr/bin/python3")
        .args([
            "-c",
            "import json, sys, yaml; json.dump(list(yaml.safe_load_all(open(sys.argv[1]))), sys.stdout)",
        ])
        .arg(&path)
        .output()
        .expect("/usr/bin/python3 with python3-yaml (bash .ci/run installs them)");
    assert!(
        out.status.success(),
        "{} is not YAML: {}",
        path.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .map(|a| a.iter().map(|s| s.as_str().unwrap().to_string()).collect())
        .unwrap_or_default()
}

/// argv with its program as `cogctl`, when the program is cogctl (by its file name).
fn cogctl_argv(argv: &[String]) -> Option<Vec<String>> {
    let (program, rest) = argv.split_first()?;
    (Path::new(program).file_name()? == "cogctl").then(|| {
        std::iter::once("cogctl".to_string())
            .chain(rest.iter().cloned())
            .collect()
    })
}

#[track_caller]
fn parse(argv: &[String]) -> Cli {
    Cli::try_parse_from(argv).unwrap_or_else(|e| panic!("`{}` does not parse: {e}", argv.join(" ")))
}

fn the_deployment(name: &str) -> Value {
    let docs = documents(name);
    assert_eq!(docs.len(), 1, "{name}: one document");
    let d = docs.into_iter().next().unwrap();
    assert_eq!(d["kind"], "Deployment");
    assert_eq!(d["apiVersion"], "apps/v1");
    let selector = &d["spec"]["selector"]["matchLabels"];
    let labels = &d["spec"]["template"]["metadata"]["labels"];
    for (k, v) in selector.as_object().unwrap() {
        assert_eq!(
            &labels[k], v,
            "{name}: the selector matches the pod's labels"
        );
    }
    d
}

#[test]
fn the_cogctl_worker_deployment_probes_and_scrapes_what_the_worker_serves() {
    let d = the_deployment("cogctl-worker.yaml");
    let pod = &d["spec"]["template"];
    let container = &pod["spec"]["containers"][0];
    let mut argv = strings(&container["command"]);
    argv.extend(strings(&container["args"]));
    let argv = cogctl_argv(&argv).expect("the container runs cogctl");
    let Sub::Worker(w) = parse(&argv).command else {
        panic!("`{}` is not `cogctl worker`", argv.join(" "));
    };
    let listen = w.listen.expect("--listen");
    let port: u64 = listen.rsplit_once(':').unwrap().1.parse().unwrap();
    assert!(
        listen.starts_with("0.0.0.0:"),
        "reachable from the kubelet: {listen}"
    );
    let ports = container["ports"].as_array().unwrap();
    let named = |name: &Value| -> u64 {
        match name {
            Value::Number(n) => n.as_u64().unwrap(),
            Value::String(s) => ports
                .iter()
                .find(|p| p["name"] == s.as_str())
                .unwrap_or_else(|| panic!("no port named {s}"))["containerPort"]
                .as_u64()
                .unwrap(),
            other => panic!("a port: {other}"),
        }
    };
    assert!(ports.iter().any(|p| p["containerPort"] == port));
    for (probe, path) in [("livenessProbe", "/healthz"), ("readinessProbe", "/readyz")] {
        let get = &container[probe]["httpGet"];
        assert_eq!(get["path"], path, "{probe}");
        assert_eq!(named(&get["port"]), port, "{probe} port");
    }
    let notes = &pod["metadata"]["annotations"];
    assert_eq!(notes["prometheus.io/scrape"], "true");
    assert_eq!(notes["prometheus.io/port"], port.to_string());
    assert_eq!(notes["prometheus.io/path"], "/metrics");
    // Running jobs get their drain and their kill grace before Kubernetes' SIGKILL.
    let drain = w.timeout_drain.unwrap_or(Duration::from_secs(25));
    let grace = w.kill_grace.unwrap_or(Duration::from_secs(5));
    let period = pod["spec"]["terminationGracePeriodSeconds"]
        .as_u64()
        .unwrap();
    assert!(
        Duration::from_secs(period) > drain + grace,
        "terminationGracePeriodSeconds {period} is not above --timeout-drain {drain:?} + --kill-grace {grace:?}"
    );
    assert_eq!(w.log_format.as_deref(), Some("json"));
    assert!(!w.on_death.is_empty(), "the example shows a death hook");
}

#[test]
fn the_ruby_worker_deployment_uses_procs_alive_as_its_liveness_probe() {
    let d = the_deployment("ruby-worker.yaml");
    let spec = &d["spec"]["template"]["spec"];
    let container = &spec["containers"][0];
    assert_eq!(
        strings(&container["command"])[2],
        "cogworker",
        "the gem's workers"
    );
    let probe = strings(&container["livenessProbe"]["exec"]["command"]);
    let argv = cogctl_argv(&probe).expect("the probe runs cogctl");
    let cli = parse(&argv);
    let Sub::Procs(procs) = cli.command else {
        panic!("`{}` is not `cogctl procs`", argv.join(" "));
    };
    assert!(
        matches!(procs.action, Some(ProcsAction::Alive(_))),
        "`{}` is not `procs alive`",
        argv.join(" ")
    );
    // The binary the probe runs is where the init container puts it, on a shared volume.
    let binary = Path::new(&probe[0]);
    let mounted = |c: &Value| {
        c["volumeMounts"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| binary.starts_with(m["mountPath"].as_str().unwrap()))
    };
    assert!(mounted(container));
    let init = &spec["initContainers"][0];
    assert!(mounted(init));
    assert!(strings(&init["command"]).contains(&probe[0]));
    // It reads the gem's Redis.
    let env: Vec<&str> = container["env"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].as_str().unwrap())
        .collect();
    assert!(env.contains(&"COGCTL_REDIS_URL"), "{env:?}");
    // The gem's 25 s drain fits in the grace period.
    assert!(spec["terminationGracePeriodSeconds"].as_u64().unwrap() > 25);
}

#[test]
fn every_cogctl_line_of_the_examples_readme_parses() {
    let readme = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/kubernetes/README.md"),
    )
    .unwrap();
    let lines: Vec<&str> = readme
        .lines()
        .map(str::trim)
        .filter(|l| l.starts_with("cogctl "))
        .collect();
    assert!(!lines.is_empty());
    for line in lines {
        let words = shell_words::split(line.split(" #").next().unwrap()).unwrap();
        parse(&words);
    }
}
