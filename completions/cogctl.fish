# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_cogctl_global_optspecs
    string join \n redis-url= tls-insecure sentinel= sentinel-master= sentinel-password= connect-timeout= read-timeout= format= json ndjson color= q/quiet utc h/help V/version
end

function __fish_cogctl_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_cogctl_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_cogctl_using_subcommand
    set -l cmd (__fish_cogctl_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c cogctl -n "__fish_cogctl_needs_command" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_needs_command" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_needs_command" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_needs_command" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_needs_command" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_needs_command" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_needs_command" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'"
complete -c cogctl -n "__fish_cogctl_needs_command" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_needs_command" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_needs_command" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_needs_command" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_needs_command" -s q -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_needs_command" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_needs_command" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_needs_command" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_needs_command" -f -a "stats" -d 'Overview: counters, set sizes, busy workers, processes, every queue, and the Redis itself'
complete -c cogctl -n "__fish_cogctl_needs_command" -f -a "queues" -d 'List queues: size, latency (age of the oldest waiting job) and whether they are paused'
complete -c cogctl -n "__fish_cogctl_needs_command" -f -a "retry" -d 'Jobs that failed and wait for their next attempt (cogworker:retry)'
complete -c cogctl -n "__fish_cogctl_needs_command" -f -a "dead" -d 'Jobs that will not run again (cogworker:dead)'
complete -c cogctl -n "__fish_cogctl_needs_command" -f -a "scheduled" -d 'Jobs pushed to run later (cogworker:schedule)'
complete -c cogctl -n "__fish_cogctl_needs_command" -f -a "job" -d 'Find a job wherever it is, show its payload and its attempt timeline'
complete -c cogctl -n "__fish_cogctl_needs_command" -f -a "procs" -d 'List worker processes; with --memory, their 24 h memory history'
complete -c cogctl -n "__fish_cogctl_needs_command" -f -a "busy" -d 'Jobs running right now (from the workers hashes of live processes), with their run time'
complete -c cogctl -n "__fish_cogctl_needs_command" -f -a "unsettled" -d 'Failed jobs a shutting-down process could not file (cogworker:unsettled)'
complete -c cogctl -n "__fish_cogctl_needs_command" -f -a "orphans" -d 'Every in-progress list, its jobs, and whether its owner is alive or presumed dead'
complete -c cogctl -n "__fish_cogctl_needs_command" -f -a "check" -d 'Check the queues against thresholds; exit 1 when any check fails, 0 when all hold'
complete -c cogctl -n "__fish_cogctl_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c cogctl -n "__fish_cogctl_using_subcommand stats" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand stats" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand stats" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand stats" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand stats" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand stats" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand stats" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'"
complete -c cogctl -n "__fish_cogctl_using_subcommand stats" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand stats" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand stats" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand stats" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand stats" -s q -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand stats" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand stats" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand stats" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand queues" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queues" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queues" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queues" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queues" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queues" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queues" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'"
complete -c cogctl -n "__fish_cogctl_using_subcommand queues" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand queues" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand queues" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand queues" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand queues" -s q -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand queues" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand queues" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand queues" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and not __fish_seen_subcommand_from list show help" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and not __fish_seen_subcommand_from list show help" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and not __fish_seen_subcommand_from list show help" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and not __fish_seen_subcommand_from list show help" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and not __fish_seen_subcommand_from list show help" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and not __fish_seen_subcommand_from list show help" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and not __fish_seen_subcommand_from list show help" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'"
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and not __fish_seen_subcommand_from list show help" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and not __fish_seen_subcommand_from list show help" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and not __fish_seen_subcommand_from list show help" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and not __fish_seen_subcommand_from list show help" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and not __fish_seen_subcommand_from list show help" -s q -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and not __fish_seen_subcommand_from list show help" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and not __fish_seen_subcommand_from list show help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and not __fish_seen_subcommand_from list show help" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and not __fish_seen_subcommand_from list show help" -f -a "list" -d 'List retry entries, latest next attempt first'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and not __fish_seen_subcommand_from list show help" -f -a "show" -d 'Show one retry entry: where the job is, its payload and its attempt timeline'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and not __fish_seen_subcommand_from list show help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l class -d 'Only jobs of this class (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l queue -d 'Only jobs of this queue (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l error -d 'Only jobs whose "ErrorClass: message" matches this regular expression' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l jid -d 'Only this jid (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l since -d 'Only entries whose time is at or after TIME: a duration ago (2h), a duration ahead (+2h), or RFC 3339' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l until -d 'Only entries whose time is at or before TIME (same forms as --since)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l min-retries -d 'Only jobs that failed at least N times (retry_count ≥ N)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l limit -d 'Show at most N entries (default 50 in a table; every match with --json/--ndjson)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'"
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l all -d 'Show every matching entry'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l oldest-first -d 'Lowest score first: longest dead, or soonest due'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -s q -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from show" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from show" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from show" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from show" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from show" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from show" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from show" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'"
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from show" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from show" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from show" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from show" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from show" -s q -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from show" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from show" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from show" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from help" -f -a "list" -d 'List retry entries, latest next attempt first'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from help" -f -a "show" -d 'Show one retry entry: where the job is, its payload and its attempt timeline'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and not __fish_seen_subcommand_from list show help" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and not __fish_seen_subcommand_from list show help" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and not __fish_seen_subcommand_from list show help" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and not __fish_seen_subcommand_from list show help" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and not __fish_seen_subcommand_from list show help" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and not __fish_seen_subcommand_from list show help" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and not __fish_seen_subcommand_from list show help" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'"
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and not __fish_seen_subcommand_from list show help" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and not __fish_seen_subcommand_from list show help" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and not __fish_seen_subcommand_from list show help" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and not __fish_seen_subcommand_from list show help" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and not __fish_seen_subcommand_from list show help" -s q -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and not __fish_seen_subcommand_from list show help" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and not __fish_seen_subcommand_from list show help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and not __fish_seen_subcommand_from list show help" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and not __fish_seen_subcommand_from list show help" -f -a "list" -d 'List dead entries, most recently died first'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and not __fish_seen_subcommand_from list show help" -f -a "show" -d 'Show one dead entry: where the job is, its payload and its attempt timeline'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and not __fish_seen_subcommand_from list show help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l class -d 'Only jobs of this class (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l queue -d 'Only jobs of this queue (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l error -d 'Only jobs whose "ErrorClass: message" matches this regular expression' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l jid -d 'Only this jid (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l since -d 'Only entries whose time is at or after TIME: a duration ago (2h), a duration ahead (+2h), or RFC 3339' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l until -d 'Only entries whose time is at or before TIME (same forms as --since)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l min-retries -d 'Only jobs that failed at least N times (retry_count ≥ N)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l limit -d 'Show at most N entries (default 50 in a table; every match with --json/--ndjson)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'"
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l all -d 'Show every matching entry'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l oldest-first -d 'Lowest score first: longest dead, or soonest due'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -s q -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from show" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from show" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from show" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from show" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from show" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from show" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from show" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'"
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from show" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from show" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from show" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from show" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from show" -s q -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from show" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from show" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from show" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from help" -f -a "list" -d 'List dead entries, most recently died first'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from help" -f -a "show" -d 'Show one dead entry: where the job is, its payload and its attempt timeline'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and not __fish_seen_subcommand_from list show help" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and not __fish_seen_subcommand_from list show help" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and not __fish_seen_subcommand_from list show help" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and not __fish_seen_subcommand_from list show help" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and not __fish_seen_subcommand_from list show help" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and not __fish_seen_subcommand_from list show help" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and not __fish_seen_subcommand_from list show help" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'"
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and not __fish_seen_subcommand_from list show help" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and not __fish_seen_subcommand_from list show help" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and not __fish_seen_subcommand_from list show help" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and not __fish_seen_subcommand_from list show help" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and not __fish_seen_subcommand_from list show help" -s q -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and not __fish_seen_subcommand_from list show help" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and not __fish_seen_subcommand_from list show help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and not __fish_seen_subcommand_from list show help" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and not __fish_seen_subcommand_from list show help" -f -a "list" -d 'List scheduled entries, latest due first'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and not __fish_seen_subcommand_from list show help" -f -a "show" -d 'Show one scheduled entry: where the job is, its payload and its timeline'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and not __fish_seen_subcommand_from list show help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l class -d 'Only jobs of this class (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l queue -d 'Only jobs of this queue (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l error -d 'Only jobs whose "ErrorClass: message" matches this regular expression' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l jid -d 'Only this jid (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l since -d 'Only entries whose time is at or after TIME: a duration ago (2h), a duration ahead (+2h), or RFC 3339' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l until -d 'Only entries whose time is at or before TIME (same forms as --since)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l min-retries -d 'Only jobs that failed at least N times (retry_count ≥ N)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l limit -d 'Show at most N entries (default 50 in a table; every match with --json/--ndjson)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'"
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l all -d 'Show every matching entry'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l oldest-first -d 'Lowest score first: longest dead, or soonest due'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -s q -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from show" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from show" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from show" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from show" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from show" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from show" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from show" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'"
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from show" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from show" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from show" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from show" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from show" -s q -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from show" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from show" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from show" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from help" -f -a "list" -d 'List scheduled entries, latest due first'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from help" -f -a "show" -d 'Show one scheduled entry: where the job is, its payload and its timeline'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c cogctl -n "__fish_cogctl_using_subcommand job" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand job" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand job" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand job" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand job" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand job" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand job" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'"
complete -c cogctl -n "__fish_cogctl_using_subcommand job" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand job" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand job" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand job" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand job" -s q -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand job" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand job" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand job" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'"
complete -c cogctl -n "__fish_cogctl_using_subcommand procs" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand procs" -l memory -d 'Show each process\'s memory over the last 24 h (96 slots of 15 min) as a sparkline, with current, min, max and growth in MB/h'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs" -s q -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand busy" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand busy" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand busy" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand busy" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand busy" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand busy" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand busy" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'"
complete -c cogctl -n "__fish_cogctl_using_subcommand busy" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand busy" -l include-stale -d 'Also show entries left by processes that are gone (stale workers hashes)'
complete -c cogctl -n "__fish_cogctl_using_subcommand busy" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand busy" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand busy" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand busy" -s q -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand busy" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand busy" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand busy" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and not __fish_seen_subcommand_from list help" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and not __fish_seen_subcommand_from list help" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and not __fish_seen_subcommand_from list help" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and not __fish_seen_subcommand_from list help" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and not __fish_seen_subcommand_from list help" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and not __fish_seen_subcommand_from list help" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and not __fish_seen_subcommand_from list help" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'"
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and not __fish_seen_subcommand_from list help" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and not __fish_seen_subcommand_from list help" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and not __fish_seen_subcommand_from list help" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and not __fish_seen_subcommand_from list help" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and not __fish_seen_subcommand_from list help" -s q -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and not __fish_seen_subcommand_from list help" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and not __fish_seen_subcommand_from list help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and not __fish_seen_subcommand_from list help" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and not __fish_seen_subcommand_from list help" -f -a "list" -d 'List the records waiting in cogworker:unsettled, and whether each is valid to file'
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and not __fish_seen_subcommand_from list help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from list" -l limit -d 'Show at most N records (every record is still counted)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from list" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from list" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from list" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from list" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from list" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from list" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from list" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'"
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from list" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from list" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from list" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from list" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from list" -s q -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from list" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from help" -f -a "list" -d 'List the records waiting in cogworker:unsettled, and whether each is valid to file'
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c cogctl -n "__fish_cogctl_using_subcommand orphans" -l orphan-threshold -d 'How long an owner without a presence key may stay silent (by its last_beat stamp) before it is presumed dead (the gem\'s orphan_threshold)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand orphans" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand orphans" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand orphans" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand orphans" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand orphans" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand orphans" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand orphans" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'"
complete -c cogctl -n "__fish_cogctl_using_subcommand orphans" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand orphans" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand orphans" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand orphans" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand orphans" -s q -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand orphans" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand orphans" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand orphans" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -l max-dead -d 'Fail when the dead set holds more than N entries' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -l max-retry -d 'Fail when the retry set holds more than N entries' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -l max-latency -d 'Fail when a queue\'s oldest job has waited longer than DURATION' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -l max-orphans -d 'Fail when more than N jobs sit on in-progress lists of presumed-dead processes or are parked as repeat orphans' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -l max-unsettled -d 'Fail when cogworker:unsettled holds more than N records' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -l queue -d 'Limit the latency check to these queues (repeat for several; default: every queue)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -l orphan-threshold -d 'Silence after which an owner without a presence key is presumed dead (for --max-orphans)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'"
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -s q -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and not __fish_seen_subcommand_from stats queues retry dead scheduled job procs busy unsettled orphans check help" -f -a "stats" -d 'Overview: counters, set sizes, busy workers, processes, every queue, and the Redis itself'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and not __fish_seen_subcommand_from stats queues retry dead scheduled job procs busy unsettled orphans check help" -f -a "queues" -d 'List queues: size, latency (age of the oldest waiting job) and whether they are paused'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and not __fish_seen_subcommand_from stats queues retry dead scheduled job procs busy unsettled orphans check help" -f -a "retry" -d 'Jobs that failed and wait for their next attempt (cogworker:retry)'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and not __fish_seen_subcommand_from stats queues retry dead scheduled job procs busy unsettled orphans check help" -f -a "dead" -d 'Jobs that will not run again (cogworker:dead)'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and not __fish_seen_subcommand_from stats queues retry dead scheduled job procs busy unsettled orphans check help" -f -a "scheduled" -d 'Jobs pushed to run later (cogworker:schedule)'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and not __fish_seen_subcommand_from stats queues retry dead scheduled job procs busy unsettled orphans check help" -f -a "job" -d 'Find a job wherever it is, show its payload and its attempt timeline'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and not __fish_seen_subcommand_from stats queues retry dead scheduled job procs busy unsettled orphans check help" -f -a "procs" -d 'List worker processes; with --memory, their 24 h memory history'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and not __fish_seen_subcommand_from stats queues retry dead scheduled job procs busy unsettled orphans check help" -f -a "busy" -d 'Jobs running right now (from the workers hashes of live processes), with their run time'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and not __fish_seen_subcommand_from stats queues retry dead scheduled job procs busy unsettled orphans check help" -f -a "unsettled" -d 'Failed jobs a shutting-down process could not file (cogworker:unsettled)'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and not __fish_seen_subcommand_from stats queues retry dead scheduled job procs busy unsettled orphans check help" -f -a "orphans" -d 'Every in-progress list, its jobs, and whether its owner is alive or presumed dead'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and not __fish_seen_subcommand_from stats queues retry dead scheduled job procs busy unsettled orphans check help" -f -a "check" -d 'Check the queues against thresholds; exit 1 when any check fails, 0 when all hold'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and not __fish_seen_subcommand_from stats queues retry dead scheduled job procs busy unsettled orphans check help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and __fish_seen_subcommand_from retry" -f -a "list" -d 'List retry entries, latest next attempt first'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and __fish_seen_subcommand_from retry" -f -a "show" -d 'Show one retry entry: where the job is, its payload and its attempt timeline'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and __fish_seen_subcommand_from dead" -f -a "list" -d 'List dead entries, most recently died first'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and __fish_seen_subcommand_from dead" -f -a "show" -d 'Show one dead entry: where the job is, its payload and its attempt timeline'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and __fish_seen_subcommand_from scheduled" -f -a "list" -d 'List scheduled entries, latest due first'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and __fish_seen_subcommand_from scheduled" -f -a "show" -d 'Show one scheduled entry: where the job is, its payload and its timeline'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and __fish_seen_subcommand_from unsettled" -f -a "list" -d 'List the records waiting in cogworker:unsettled, and whether each is valid to file'
