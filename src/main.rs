//! The `cogctl` binary: everything is in the library; `cli::run` parses the command line,
//! runs the command and turns its result into the exit status.

fn main() -> std::process::ExitCode {
    cogctl::cli::run()
}
