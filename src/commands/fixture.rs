//! `cogctl fixture load|dump` (hidden, for development, tests and the demo): load a Redis
//! state in the fixture format of fixtures/README.md, or dump one.

use std::io::Write;
use std::path::PathBuf;

use clap::Subcommand;

use super::Ctx;
use crate::fixture::{self, Fixture};
use crate::term::exit::{Exit, UsageError};

#[derive(Debug, Subcommand)]
pub enum FixtureCommand {
    /// Load a fixture into the database. Refuses a database that holds keys unless --flush
    Load {
        file: PathBuf,
        /// Empty the database (FLUSHDB) first
        #[arg(long)]
        flush: bool,
    },
    /// Print the database (or the keys matching --match) as a fixture
    Dump {
        #[arg(long, value_name = "PATTERN", default_value = "*")]
        r#match: String,
        #[arg(long, default_value = "")]
        description: String,
    },
}

pub fn run(ctx: &mut Ctx, command: &FixtureCommand) -> anyhow::Result<Exit> {
    match command {
        FixtureCommand::Load { file, flush } => {
            let doc = Fixture::read(file)?;
            let store = ctx.store()?;
            if *flush {
                store.query_server::<()>(&redis::cmd("FLUSHDB"))?;
            } else {
                let size: u64 = store.query_server(&redis::cmd("DBSIZE"))?;
                if size > 0 {
                    return Err(UsageError(format!(
                        "{} holds {size} keys; load a fixture only into an empty database, or pass --flush",
                        store.target()
                    ))
                    .into());
                }
            }
            let n = fixture::load(store, &doc)?;
            ctx.record(crate::ops::Counts::done(n as u64));
            ctx.ui
                .note(&format!("loaded {n} keys from {}", file.display()));
        }
        FixtureCommand::Dump {
            r#match,
            description,
        } => {
            let doc = fixture::dump(ctx.store()?, r#match, description)?;
            crate::text::json::to_writer_pretty(&mut ctx.out, &doc)?;
            ctx.out.write_all(b"\n")?;
        }
    }
    Ok(Exit::Ok)
}
