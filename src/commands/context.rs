//! `cogctl context list|show|use`: the named contexts of the config file (term/config.rs).
//! Nothing here connects to Redis; passwords are never shown, neither a URL's nor the
//! values of the variables `password_env` names.

use std::io::{self, Write};

use clap::Subcommand;
use serde::Serialize;

use super::Ctx;
use crate::render::table::{self, Tone};
use crate::render::{self, Report};
use crate::store::connection::redact_url;
use crate::term::config::{Config, ContextSpec, location};
use crate::term::exit::{Exit, UsageError};
use crate::term::ui::Ui;

#[derive(Debug, Subcommand)]
pub enum ContextCommand {
    /// Every context of the config file: its target and safety flags; `*` marks the current
    #[command(after_help = crate::render::help::examples(&[
        ("Every context, the current one marked", "cogctl context list"),
        ("The same as JSON, for a script", "cogctl context list --json"),
    ]))]
    List,
    /// One context's settings (default: the one in use), passwords redacted
    #[command(after_help = crate::render::help::examples(&[
        ("The context in use", "cogctl context show"),
        ("One context by name", "cogctl context show prod"),
    ]))]
    Show {
        /// The context (default: --context / $COGCTL_CONTEXT, else current_context)
        #[arg(value_name = "NAME")]
        name: Option<String>,
    },
    /// Make NAME the current context: rewrites current_context in the file, and only it
    /// (comments and order are kept)
    #[command(after_help = crate::render::help::examples(&[
        ("Work against staging from now on", "cogctl context use staging"),
        ("Back to prod", "cogctl context use prod"),
    ]))]
    Use {
        #[arg(value_name = "NAME")]
        name: String,
    },
}

/// A context as shown: its settings, the URL redacted.
#[derive(Debug, Serialize)]
pub struct ContextView {
    pub name: String,
    pub current: bool,
    /// The Redis it names, password replaced by `***`.
    pub target: String,
    #[serde(flatten)]
    pub spec: ContextSpec,
}

#[derive(Debug, Serialize)]
pub struct ContextList {
    pub file: Option<String>,
    pub current_context: Option<String>,
    pub contexts: Vec<ContextView>,
}

#[derive(Debug, Serialize)]
pub struct ContextShow {
    pub file: Option<String>,
    #[serde(flatten)]
    pub context: ContextView,
}

#[derive(Debug, Serialize)]
pub struct ContextUse {
    pub file: String,
    pub current_context: String,
    pub previous: Option<String>,
}

pub fn run(
    ctx: &mut Ctx,
    config: &Config,
    named: Option<&str>,
    command: &ContextCommand,
) -> anyhow::Result<Exit> {
    let file = config.path.as_ref().map(|p| p.display().to_string());
    match command {
        ContextCommand::List => {
            let contexts = config
                .file
                .contexts
                .iter()
                .map(|(name, spec)| view(config, name, spec))
                .collect();
            emit(
                ctx,
                &ContextList {
                    file,
                    current_context: config.file.current_context.clone(),
                    contexts,
                },
            )
        }
        ContextCommand::Show { name } => {
            let Some(name) = name
                .as_deref()
                .or(named)
                .or(config.file.current_context.as_deref())
            else {
                return Err(UsageError(
                    "no context in use: name one (cogctl context show NAME), or pick one with `cogctl context use NAME`"
                        .into(),
                )
                .into());
            };
            let spec = config.context(name)?;
            emit(
                ctx,
                &ContextShow {
                    file,
                    context: view(config, name, spec),
                },
            )
        }
        ContextCommand::Use { name } => {
            config.context(name)?;
            let Some(path) = &config.path else {
                let place = location()
                    .map(|(p, _)| p.display().to_string())
                    .unwrap_or_else(|| "$COGCTL_CONFIG".into());
                return Err(UsageError(format!(
                    "there is no config file to pick a context in (looked for {place})"
                ))
                .into());
            };
            let text = std::fs::read_to_string(path)
                .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?;
            let mut doc: toml_edit::DocumentMut = text
                .parse()
                .map_err(|e| UsageError(format!("{} is not valid TOML: {e}", path.display())))?;
            match doc
                .get_mut("current_context")
                .and_then(toml_edit::Item::as_value_mut)
            {
                // The value replaced, its spacing and trailing comment kept.
                Some(value) => {
                    let decor = value.decor().clone();
                    *value = name.as_str().into();
                    *value.decor_mut() = decor;
                }
                None => doc["current_context"] = toml_edit::value(name.as_str()),
            }
            write_atomically(path, doc.to_string().as_bytes())?;
            emit(
                ctx,
                &ContextUse {
                    file: path.display().to_string(),
                    current_context: name.clone(),
                    previous: config.file.current_context.clone(),
                },
            )
        }
    }
}

/// Replace the file whole (a temporary file beside it, renamed over it): a crash never
/// leaves half a config.
fn write_atomically(path: &std::path::Path, bytes: &[u8]) -> anyhow::Result<()> {
    let dir = path.parent().unwrap_or(std::path::Path::new("."));
    let mut tmp = tempfile::NamedTempFile::new_in(dir)
        .map_err(|e| anyhow::anyhow!("cannot write beside {}: {e}", path.display()))?;
    tmp.write_all(bytes)?;
    if let Ok(meta) = std::fs::metadata(path) {
        let _ = std::fs::set_permissions(tmp.path(), meta.permissions());
    }
    tmp.persist(path)
        .map_err(|e| anyhow::anyhow!("cannot write {}: {}", path.display(), e.error))?;
    Ok(())
}

fn view(config: &Config, name: &str, spec: &ContextSpec) -> ContextView {
    let mut spec = spec.clone();
    spec.redis_url = spec.redis_url.as_deref().map(redact_url);
    let target = if spec.sentinel.is_empty() {
        spec.redis_url
            .clone()
            .unwrap_or_else(|| crate::store::connection::DEFAULT_URL.into())
    } else {
        format!(
            "sentinel {} master {}",
            spec.sentinel.join(","),
            spec.sentinel_master.as_deref().unwrap_or("?")
        )
    };
    ContextView {
        name: name.to_string(),
        current: config.file.current_context.as_deref() == Some(name),
        target,
        spec,
    }
}

fn emit<R: Report>(ctx: &mut Ctx, report: &R) -> anyhow::Result<Exit> {
    render::emit(&mut ctx.out, &ctx.ui, report)?;
    Ok(report.exit())
}

fn flags(spec: &ContextSpec) -> String {
    let mut flags = Vec::new();
    if spec.read_only {
        flags.push("read-only");
    }
    if spec.protected {
        flags.push("protected");
    }
    if spec.require_audit {
        flags.push("require-audit");
    }
    if spec.tls_insecure {
        flags.push("tls-insecure");
    }
    flags.join(",")
}

impl Report for ContextList {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        if self.contexts.is_empty() {
            let place = self.file.as_deref().unwrap_or("no config file");
            return writeln!(out, "{}", ui.styles.dim(&format!("no contexts ({place})")));
        }
        let mut t = table::new(ui, &["", "NAME", "TARGET", "FLAGS", "DESCRIPTION"]);
        for c in &self.contexts {
            t.add_row(vec![
                table::cell(ui, if c.current { "*" } else { "" }, Tone::Strong),
                table::cell(ui, &c.name, Tone::Strong),
                table::cell(ui, &c.target, Tone::Plain),
                table::cell(ui, flags(&c.spec), Tone::Warn),
                table::cell(ui, c.spec.description.as_deref().unwrap_or(""), Tone::Dim),
            ]);
        }
        out.write_all(table::finish(&mut t, &[]).as_bytes())
    }
}

impl Report for ContextShow {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        let c = &self.context;
        let s = &c.spec;
        let v = |t: &str| crate::text::visible(t).into_owned();
        let mut rows: Vec<(&str, String)> = vec![
            (
                "context",
                format!("{}{}", c.name, if c.current { " (current)" } else { "" }),
            ),
            ("file", self.file.clone().unwrap_or_default()),
            ("target", v(&c.target)),
        ];
        if let Some(url) = &s.redis_url {
            rows.push(("redis_url", v(url)));
        }
        if let Some(var) = &s.password_env {
            rows.push(("password_env", format!("${}", v(var))));
        }
        if !s.sentinel.is_empty() {
            rows.push(("sentinel", v(&s.sentinel.join(", "))));
        }
        if let Some(m) = &s.sentinel_master {
            rows.push(("sentinel_master", v(m)));
        }
        if let Some(var) = &s.sentinel_password_env {
            rows.push(("sentinel_password_env", format!("${}", v(var))));
        }
        for (key, on) in [
            ("tls_insecure", s.tls_insecure),
            ("read_only", s.read_only),
            ("protected", s.protected),
            ("require_audit", s.require_audit),
        ] {
            rows.push((key, on.to_string()));
        }
        if let Some(d) = &s.description {
            rows.push(("description", v(d)));
        }
        for (key, value) in rows {
            writeln!(out, "{}{value}", ui.styles.strong(&format!("{key:<22}")))?;
        }
        Ok(())
    }
}

impl Report for ContextUse {
    fn human(&self, out: &mut dyn Write, ui: &Ui) -> io::Result<()> {
        writeln!(
            out,
            "{} {} (in {})",
            ui.styles.strong("current context:"),
            self.current_context,
            self.file
        )
    }
}
