fn main() -> std::process::ExitCode {
    cogctl::cli::run()
}
