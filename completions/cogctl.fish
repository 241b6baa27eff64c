# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_cogctl_global_optspecs
    string join \n context= fleet= shard= confirm-context= require-audit keep-undo= no-undo redis-url= tls-insecure sentinel= sentinel-master= sentinel-password= connect-timeout= read-timeout= format= json ndjson color= quiet utc h/help V/version
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

complete -c cogctl -n "__fish_cogctl_needs_command" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_needs_command" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_needs_command" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_needs_command" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_needs_command" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_needs_command" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_needs_command" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_needs_command" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_needs_command" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_needs_command" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_needs_command" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_needs_command" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_needs_command" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_needs_command" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_needs_command" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_needs_command" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_needs_command" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_needs_command" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_needs_command" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_needs_command" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_needs_command" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_needs_command" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_needs_command" -f -a "stats" -d 'Overview: counters, set sizes, processes, the last 24 h of throughput, every queue, and the Redis itself'
complete -c cogctl -n "__fish_cogctl_needs_command" -f -a "queues" -d 'List queues: size, latency (age of the oldest waiting job) and whether they are paused'
complete -c cogctl -n "__fish_cogctl_needs_command" -f -a "queue" -d 'One queue: list its waiting jobs, show its page, pause, resume or clear it, delete jobs'
complete -c cogctl -n "__fish_cogctl_needs_command" -f -a "retry" -d 'Jobs that failed and wait for their next attempt (cogworker:retry)'
complete -c cogctl -n "__fish_cogctl_needs_command" -f -a "dead" -d 'Jobs that will not run again (cogworker:dead)'
complete -c cogctl -n "__fish_cogctl_needs_command" -f -a "scheduled" -d 'Jobs pushed to run later (cogworker:schedule)'
complete -c cogctl -n "__fish_cogctl_needs_command" -f -a "job" -d 'Find a job wherever it is, show its payload and its attempt timeline'
complete -c cogctl -n "__fish_cogctl_needs_command" -f -a "periodic" -d 'Periodic (cron) jobs: list them with their next and last run, run one now, enable or disable them (the Web UI\'s Schedules tab)'
complete -c cogctl -n "__fish_cogctl_needs_command" -f -a "jobs" -d 'Find jobs wherever they are — waiting on a queue, running, scheduled, retrying, dead — with the list filters (--search TEXT finds "every job of customer 42")'
complete -c cogctl -n "__fish_cogctl_needs_command" -f -a "history" -d 'Finished runs, newest first: the History tab (needs the gem\'s History middleware, or `cogctl worker --history`)'
complete -c cogctl -n "__fish_cogctl_needs_command" -f -a "enqueue" -d 'Push a new job, as the gem\'s client does (or many, from NDJSON job specs)'
complete -c cogctl -n "__fish_cogctl_needs_command" -f -a "worker" -d 'Run jobs: a cogworker process whose job code is any program (or a built-in)'
complete -c cogctl -n "__fish_cogctl_needs_command" -f -a "procs" -d 'List worker processes; with --memory, their 24 h memory history'
complete -c cogctl -n "__fish_cogctl_needs_command" -f -a "busy" -d 'Jobs running right now (from the workers hashes of live processes), with their run time'
complete -c cogctl -n "__fish_cogctl_needs_command" -f -a "top" -d 'The keyboard console: a live dashboard, then every view (queues, processes, sets, triage, history, audit, incident), drill-down, and actions with a dry run and undo'
complete -c cogctl -n "__fish_cogctl_needs_command" -f -a "unsettled" -d 'Failed jobs a shutting-down process could not file (cogworker:unsettled)'
complete -c cogctl -n "__fish_cogctl_needs_command" -f -a "orphans" -d 'Every in-progress list, its jobs, and whether its owner is alive or presumed dead'
complete -c cogctl -n "__fish_cogctl_needs_command" -f -a "reconcile" -d 'Requeue the jobs of dead processes, bury repeat orphans and file unsettled records, now'
complete -c cogctl -n "__fish_cogctl_needs_command" -f -a "check" -d 'Check the queues against thresholds; exit 1 when any check fails, 0 when all hold'
complete -c cogctl -n "__fish_cogctl_needs_command" -f -a "doctor" -d 'Check the deployment: Redis settings, this user\'s rights, cogworker\'s data; exit 1 on a failure'
complete -c cogctl -n "__fish_cogctl_needs_command" -f -a "incident" -d 'What broke, since when, what it follows, and what to run: the story of the last hours'
complete -c cogctl -n "__fish_cogctl_needs_command" -f -a "metrics" -d 'Prometheus metrics: the gem\'s own (same names and values) and cogctl\'s additions'
complete -c cogctl -n "__fish_cogctl_needs_command" -f -a "context" -d 'Named contexts of the config file: list them, show one, pick the current one'
complete -c cogctl -n "__fish_cogctl_needs_command" -f -a "audit" -d 'The audit trail: every change cogctl made (stream cogctl:audit), newest first'
complete -c cogctl -n "__fish_cogctl_needs_command" -f -a "undo" -d 'Take back a change cogctl made: exactly what it changed, where it is still as left'
complete -c cogctl -n "__fish_cogctl_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c cogctl -n "__fish_cogctl_using_subcommand stats" -l days -d 'Also chart the runs of each of the last N days (UTC days, 1 to 400; the Web UI offers 7, 30, 90 and 182), as the gem\'s opt-in History middleware counts them (cogworker:history:daily:<day>)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand stats" -l watch -d 'Refresh every 2s, or every INTERVAL given as --watch=INTERVAL (at least 100ms), until Ctrl-C: in place on a terminal, changes highlighted; else every refresh printed in full' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand stats" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand stats" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand stats" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand stats" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand stats" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand stats" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand stats" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand stats" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand stats" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand stats" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand stats" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand stats" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand stats" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand stats" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand stats" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand stats" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand stats" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand stats" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand stats" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand stats" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand stats" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand stats" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand queues" -l watch -d 'Refresh every 2s, or every INTERVAL given as --watch=INTERVAL (at least 100ms), until Ctrl-C: in place on a terminal, changes highlighted; else every refresh printed in full' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queues" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queues" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queues" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queues" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queues" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queues" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queues" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queues" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queues" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queues" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queues" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queues" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand queues" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand queues" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand queues" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand queues" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand queues" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand queues" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand queues" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand queues" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand queues" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand queues" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and not __fish_seen_subcommand_from list show pause resume clear delete-job dedupe help" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and not __fish_seen_subcommand_from list show pause resume clear delete-job dedupe help" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and not __fish_seen_subcommand_from list show pause resume clear delete-job dedupe help" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and not __fish_seen_subcommand_from list show pause resume clear delete-job dedupe help" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and not __fish_seen_subcommand_from list show pause resume clear delete-job dedupe help" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and not __fish_seen_subcommand_from list show pause resume clear delete-job dedupe help" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and not __fish_seen_subcommand_from list show pause resume clear delete-job dedupe help" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and not __fish_seen_subcommand_from list show pause resume clear delete-job dedupe help" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and not __fish_seen_subcommand_from list show pause resume clear delete-job dedupe help" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and not __fish_seen_subcommand_from list show pause resume clear delete-job dedupe help" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and not __fish_seen_subcommand_from list show pause resume clear delete-job dedupe help" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and not __fish_seen_subcommand_from list show pause resume clear delete-job dedupe help" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and not __fish_seen_subcommand_from list show pause resume clear delete-job dedupe help" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and not __fish_seen_subcommand_from list show pause resume clear delete-job dedupe help" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and not __fish_seen_subcommand_from list show pause resume clear delete-job dedupe help" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and not __fish_seen_subcommand_from list show pause resume clear delete-job dedupe help" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and not __fish_seen_subcommand_from list show pause resume clear delete-job dedupe help" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and not __fish_seen_subcommand_from list show pause resume clear delete-job dedupe help" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and not __fish_seen_subcommand_from list show pause resume clear delete-job dedupe help" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and not __fish_seen_subcommand_from list show pause resume clear delete-job dedupe help" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and not __fish_seen_subcommand_from list show pause resume clear delete-job dedupe help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and not __fish_seen_subcommand_from list show pause resume clear delete-job dedupe help" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and not __fish_seen_subcommand_from list show pause resume clear delete-job dedupe help" -f -a "list" -d 'The jobs waiting on QUEUE, newest first (--next-first: in the order workers take them)'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and not __fish_seen_subcommand_from list show pause resume clear delete-job dedupe help" -f -a "show" -d 'The queue\'s page: jobs waiting and the next one\'s wait, paused or not, what runs from it now, and how many of its jobs are retrying, dead or scheduled'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and not __fish_seen_subcommand_from list show pause resume clear delete-job dedupe help" -f -a "pause" -d 'Stop workers fetching from these queues; pushes still land and wait'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and not __fish_seen_subcommand_from list show pause resume clear delete-job dedupe help" -f -a "resume" -d 'Let workers fetch from these queues again'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and not __fish_seen_subcommand_from list show pause resume clear delete-job dedupe help" -f -a "clear" -d 'Delete every job waiting on QUEUE'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and not __fish_seen_subcommand_from list show pause resume clear delete-job dedupe help" -f -a "delete-job" -d 'Delete waiting jobs from QUEUE by jid, or every job matching the filters'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and not __fish_seen_subcommand_from list show pause resume clear delete-job dedupe help" -f -a "dedupe" -d 'Remove duplicate jobs from QUEUE, keeping of each the one workers would take first'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and not __fish_seen_subcommand_from list show pause resume clear delete-job dedupe help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from list" -l class -d 'Only jobs of this class (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from list" -l queue -d 'Only jobs of this queue (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from list" -l error -d 'Only jobs whose "ErrorClass: message" matches this regular expression' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from list" -l jid -d 'Only this jid (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from list" -l since -d 'Only entries whose time is at or after TIME: a duration ago (2h), a duration ahead (+2h), or RFC 3339' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from list" -l until -d 'Only entries whose time is at or before TIME (same forms as --since)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from list" -l min-retries -d 'Only jobs that failed at least N times (retry_count ≥ N)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from list" -l search -d 'Only jobs whose class, jid or arguments (the args JSON as stored) contain TEXT, in any case: what the Web UI\'s search box matches' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from list" -l args -d 'Only jobs whose arguments (the args JSON as stored, e.g. `[42,{"customer_id":7}]`) match this regular expression' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from list" -l fingerprint -d 'Only jobs whose failure has this fingerprint, as `dead triage` / `retry triage` print it (its first 4 to 8 hex digits; repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from list" -l limit -d 'Show at most N (default 50 in a table; every match with --json/--ndjson)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from list" -l watch -d 'Refresh every 2s, or every INTERVAL given as --watch=INTERVAL (at least 100ms), until Ctrl-C: in place on a terminal, changes highlighted; else every refresh printed in full' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from list" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from list" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from list" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from list" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from list" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from list" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from list" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from list" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from list" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from list" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from list" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from list" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from list" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from list" -l all -d 'Show every match'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from list" -l next-first -d 'The order workers take them: the next job to run first'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from list" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from list" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from list" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from list" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from list" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from list" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from list" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from show" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from show" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from show" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from show" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from show" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from show" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from show" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from show" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from show" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from show" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from show" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from show" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from show" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from show" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from show" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from show" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from show" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from show" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from show" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from show" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from show" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from show" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from pause" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from pause" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from pause" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from pause" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from pause" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from pause" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from pause" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from pause" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from pause" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from pause" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from pause" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from pause" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from pause" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from pause" -l force -d 'Pause a queue cogworker doesn\'t know (no job waits on it, no live process reads it, not in cogworker:queues): without it, such a name is refused as a likely typo'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from pause" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from pause" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from pause" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from pause" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from pause" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from pause" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from pause" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from pause" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from pause" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from resume" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from resume" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from resume" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from resume" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from resume" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from resume" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from resume" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from resume" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from resume" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from resume" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from resume" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from resume" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from resume" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from resume" -l force -d 'Resume a queue cogworker doesn\'t know (not paused, no job waits on it, no live process reads it, not in cogworker:queues): without it, such a name is refused'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from resume" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from resume" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from resume" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from resume" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from resume" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from resume" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from resume" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from resume" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from resume" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from clear" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from clear" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from clear" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from clear" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from clear" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from clear" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from clear" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from clear" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from clear" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from clear" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from clear" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from clear" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from clear" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from clear" -l force -d 'Clear a queue that isn\'t listed in cogworker:queues'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from clear" -s y -l yes -d 'Don\'t ask for confirmation'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from clear" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from clear" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from clear" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from clear" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from clear" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from clear" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from clear" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from clear" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from clear" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from delete-job" -l jid-file -d 'Read jids from FILE (one per line), `-` for stdin' -r -F
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from delete-job" -l class -d 'Only jobs of this class (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from delete-job" -l queue -d 'Only jobs of this queue (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from delete-job" -l error -d 'Only jobs whose "ErrorClass: message" matches this regular expression' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from delete-job" -l jid -d 'Only this jid (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from delete-job" -l since -d 'Only entries whose time is at or after TIME: a duration ago (2h), a duration ahead (+2h), or RFC 3339' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from delete-job" -l until -d 'Only entries whose time is at or before TIME (same forms as --since)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from delete-job" -l min-retries -d 'Only jobs that failed at least N times (retry_count ≥ N)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from delete-job" -l search -d 'Only jobs whose class, jid or arguments (the args JSON as stored) contain TEXT, in any case: what the Web UI\'s search box matches' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from delete-job" -l args -d 'Only jobs whose arguments (the args JSON as stored, e.g. `[42,{"customer_id":7}]`) match this regular expression' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from delete-job" -l fingerprint -d 'Only jobs whose failure has this fingerprint, as `dead triage` / `retry triage` print it (its first 4 to 8 hex digits; repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from delete-job" -l rate -d 'At most N entries per second (e.g. 500 or 500/s); default: as fast as Redis allows' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from delete-job" -l batch -d 'Entries per script call (1–2000)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from delete-job" -l max-queue-depth -d 'Pause while a target queue holds more than N jobs (so a retry doesn\'t restart the outage)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from delete-job" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from delete-job" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from delete-job" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from delete-job" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from delete-job" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from delete-job" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from delete-job" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from delete-job" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from delete-job" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from delete-job" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from delete-job" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from delete-job" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from delete-job" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from delete-job" -l all -d 'Every job on the queue that matches the filters (or every job, without filters)'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from delete-job" -l dry-run -d 'Show what would be deleted; change nothing'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from delete-job" -l force -d 'Run even when a --class or --error names nothing on the queue (by default that is refused as a likely typo, naming the nearest values that exist)'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from delete-job" -s y -l yes -d 'Don\'t ask for confirmation'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from delete-job" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from delete-job" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from delete-job" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from delete-job" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from delete-job" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from delete-job" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from delete-job" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from delete-job" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from delete-job" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from dedupe" -l by -d 'What makes two jobs duplicates: the same class and args (as stored), or the same args' -r -f -a "class\,args\t''
args\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from dedupe" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from dedupe" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from dedupe" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from dedupe" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from dedupe" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from dedupe" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from dedupe" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from dedupe" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from dedupe" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from dedupe" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from dedupe" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from dedupe" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from dedupe" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from dedupe" -l dry-run -d 'Count the duplicates by class, and change nothing'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from dedupe" -s y -l yes -d 'Don\'t ask for confirmation'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from dedupe" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from dedupe" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from dedupe" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from dedupe" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from dedupe" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from dedupe" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from dedupe" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from dedupe" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from dedupe" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from help" -f -a "list" -d 'The jobs waiting on QUEUE, newest first (--next-first: in the order workers take them)'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from help" -f -a "show" -d 'The queue\'s page: jobs waiting and the next one\'s wait, paused or not, what runs from it now, and how many of its jobs are retrying, dead or scheduled'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from help" -f -a "pause" -d 'Stop workers fetching from these queues; pushes still land and wait'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from help" -f -a "resume" -d 'Let workers fetch from these queues again'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from help" -f -a "clear" -d 'Delete every job waiting on QUEUE'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from help" -f -a "delete-job" -d 'Delete waiting jobs from QUEUE by jid, or every job matching the filters'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from help" -f -a "dedupe" -d 'Remove duplicate jobs from QUEUE, keeping of each the one workers would take first'
complete -c cogctl -n "__fish_cogctl_using_subcommand queue; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and not __fish_seen_subcommand_from list triage show retry delete kill reschedule export help" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and not __fish_seen_subcommand_from list triage show retry delete kill reschedule export help" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and not __fish_seen_subcommand_from list triage show retry delete kill reschedule export help" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and not __fish_seen_subcommand_from list triage show retry delete kill reschedule export help" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and not __fish_seen_subcommand_from list triage show retry delete kill reschedule export help" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and not __fish_seen_subcommand_from list triage show retry delete kill reschedule export help" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and not __fish_seen_subcommand_from list triage show retry delete kill reschedule export help" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and not __fish_seen_subcommand_from list triage show retry delete kill reschedule export help" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and not __fish_seen_subcommand_from list triage show retry delete kill reschedule export help" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and not __fish_seen_subcommand_from list triage show retry delete kill reschedule export help" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and not __fish_seen_subcommand_from list triage show retry delete kill reschedule export help" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and not __fish_seen_subcommand_from list triage show retry delete kill reschedule export help" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and not __fish_seen_subcommand_from list triage show retry delete kill reschedule export help" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and not __fish_seen_subcommand_from list triage show retry delete kill reschedule export help" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and not __fish_seen_subcommand_from list triage show retry delete kill reschedule export help" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and not __fish_seen_subcommand_from list triage show retry delete kill reschedule export help" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and not __fish_seen_subcommand_from list triage show retry delete kill reschedule export help" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and not __fish_seen_subcommand_from list triage show retry delete kill reschedule export help" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and not __fish_seen_subcommand_from list triage show retry delete kill reschedule export help" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and not __fish_seen_subcommand_from list triage show retry delete kill reschedule export help" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and not __fish_seen_subcommand_from list triage show retry delete kill reschedule export help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and not __fish_seen_subcommand_from list triage show retry delete kill reschedule export help" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and not __fish_seen_subcommand_from list triage show retry delete kill reschedule export help" -f -a "list" -d 'List retry entries, latest next attempt first'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and not __fish_seen_subcommand_from list triage show retry delete kill reschedule export help" -f -a "triage" -d 'Group retry entries into failure patterns: how many, since when, where'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and not __fish_seen_subcommand_from list triage show retry delete kill reschedule export help" -f -a "show" -d 'Show one retry entry: where the job is, its payload and its attempt timeline'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and not __fish_seen_subcommand_from list triage show retry delete kill reschedule export help" -f -a "retry" -d 'Put retry entries back on their queues now (the Web UI\'s "retry now")'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and not __fish_seen_subcommand_from list triage show retry delete kill reschedule export help" -f -a "delete" -d 'Delete retry entries (their attempts logs and locks too)'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and not __fish_seen_subcommand_from list triage show retry delete kill reschedule export help" -f -a "kill" -d 'Move retry entries to dead (their locks are released)'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and not __fish_seen_subcommand_from list triage show retry delete kill reschedule export help" -f -a "reschedule" -d 'Give retry entries a new time (--in or --at)'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and not __fish_seen_subcommand_from list triage show retry delete kill reschedule export help" -f -a "export" -d 'Write retry entries as lossless NDJSON {score, member} lines'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and not __fish_seen_subcommand_from list triage show retry delete kill reschedule export help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l class -d 'Only jobs of this class (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l queue -d 'Only jobs of this queue (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l error -d 'Only jobs whose "ErrorClass: message" matches this regular expression' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l jid -d 'Only this jid (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l since -d 'Only entries whose time is at or after TIME: a duration ago (2h), a duration ahead (+2h), or RFC 3339' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l until -d 'Only entries whose time is at or before TIME (same forms as --since)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l min-retries -d 'Only jobs that failed at least N times (retry_count ≥ N)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l search -d 'Only jobs whose class, jid or arguments (the args JSON as stored) contain TEXT, in any case: what the Web UI\'s search box matches' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l args -d 'Only jobs whose arguments (the args JSON as stored, e.g. `[42,{"customer_id":7}]`) match this regular expression' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l fingerprint -d 'Only jobs whose failure has this fingerprint, as `dead triage` / `retry triage` print it (its first 4 to 8 hex digits; repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l limit -d 'Show at most N (default 50 in a table; every match with --json/--ndjson)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l watch -d 'Refresh every 2s, or every INTERVAL given as --watch=INTERVAL (at least 100ms), until Ctrl-C: in place on a terminal, changes highlighted; else every refresh printed in full' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l all -d 'Show every match'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l oldest-first -d 'Lowest score first: longest dead, or soonest due'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from triage" -l class -d 'Only jobs of this class (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from triage" -l queue -d 'Only jobs of this queue (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from triage" -l error -d 'Only jobs whose "ErrorClass: message" matches this regular expression' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from triage" -l jid -d 'Only this jid (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from triage" -l since -d 'Only entries whose time is at or after TIME: a duration ago (2h), a duration ahead (+2h), or RFC 3339' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from triage" -l until -d 'Only entries whose time is at or before TIME (same forms as --since)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from triage" -l min-retries -d 'Only jobs that failed at least N times (retry_count ≥ N)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from triage" -l search -d 'Only jobs whose class, jid or arguments (the args JSON as stored) contain TEXT, in any case: what the Web UI\'s search box matches' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from triage" -l args -d 'Only jobs whose arguments (the args JSON as stored, e.g. `[42,{"customer_id":7}]`) match this regular expression' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from triage" -l fingerprint -d 'Only jobs whose failure has this fingerprint, as `dead triage` / `retry triage` print it (its first 4 to 8 hex digits; repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from triage" -l by -d 'Group by these, comma-separated (e.g. class,fingerprint)' -r -f -a "fingerprint\t''
class\t''
queue\t''
error-class\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from triage" -l limit -d 'Show at most N groups (default 20 in a table; every group with --json/--ndjson)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from triage" -l max-groups -d 'Keep at most N groups while reading; the entries of further patterns are counted together as "other"' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from triage" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from triage" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from triage" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from triage" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from triage" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from triage" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from triage" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from triage" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from triage" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from triage" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from triage" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from triage" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from triage" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from triage" -l from-history -d 'Group the failed runs the History middleware recorded (cogworker:history:failed) instead of the set'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from triage" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from triage" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from triage" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from triage" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from triage" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from triage" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from triage" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from triage" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from triage" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from show" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from show" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from show" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from show" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from show" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from show" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from show" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from show" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from show" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from show" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from show" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from show" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from show" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from show" -l backtrace -d 'Show the backtraces of its failed runs (from the History middleware\'s records)'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from show" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from show" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from show" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from show" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from show" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from show" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from show" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from show" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from show" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from retry" -l jid-file -d 'Read jids from FILE (one per line), `-` for stdin' -r -F
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from retry" -l class -d 'Only jobs of this class (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from retry" -l queue -d 'Only jobs of this queue (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from retry" -l error -d 'Only jobs whose "ErrorClass: message" matches this regular expression' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from retry" -l jid -d 'Only this jid (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from retry" -l since -d 'Only entries whose time is at or after TIME: a duration ago (2h), a duration ahead (+2h), or RFC 3339' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from retry" -l until -d 'Only entries whose time is at or before TIME (same forms as --since)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from retry" -l min-retries -d 'Only jobs that failed at least N times (retry_count ≥ N)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from retry" -l search -d 'Only jobs whose class, jid or arguments (the args JSON as stored) contain TEXT, in any case: what the Web UI\'s search box matches' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from retry" -l args -d 'Only jobs whose arguments (the args JSON as stored, e.g. `[42,{"customer_id":7}]`) match this regular expression' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from retry" -l fingerprint -d 'Only jobs whose failure has this fingerprint, as `dead triage` / `retry triage` print it (its first 4 to 8 hex digits; repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from retry" -l plan-out -d 'Write the exact entries that would be acted on to FILE (NDJSON), change nothing' -r -F
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from retry" -l plan -d 'Act on exactly the entries of a plan written by --plan-out (or by export)' -r -F
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from retry" -l report -d 'Write each entry\'s outcome (done / gone / skipped / failed) to FILE as NDJSON' -r -F
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from retry" -l rate -d 'At most N entries per second (e.g. 500 or 500/s); default: as fast as Redis allows' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from retry" -l batch -d 'Entries per script call (1–2000)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from retry" -l max-queue-depth -d 'Pause while a target queue holds more than N jobs (so a retry doesn\'t restart the outage)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from retry" -l canary -d 'Retry in watched steps: N entries first (spread across the selection\'s classes and queues), then ten times as many each step while their jobs run, until the rest; stop when they fail again (docs/safety.md, "Canary retries")' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from retry" -l canary-wait -d 'How long a step\'s jobs may take to run before the run stops' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from retry" -l max-canary-failures -d 'Jobs of a step that may fail again before the run stops' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from retry" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from retry" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from retry" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from retry" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from retry" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from retry" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from retry" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from retry" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from retry" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from retry" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from retry" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from retry" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from retry" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from retry" -l all -d 'Every entry of the set that matches the filters (or every entry, without filters)'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from retry" -l dry-run -d 'Show the plan — counts per class, queue and error, a sample, the target Redis — and change nothing'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from retry" -l force -d 'Run even when a --class, --queue or --error names nothing in the set (by default that is refused as a likely typo, naming the nearest values that exist)'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from retry" -s y -l yes -d 'Don\'t ask for confirmation'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from retry" -l reset-retries -d 'Give each job a fresh retry budget (remove its retry_count); by default it is kept, as the Web UI does, so a job that died of an exhausted budget gets exactly one attempt'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from retry" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from retry" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from retry" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from retry" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from retry" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from retry" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from retry" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from retry" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from retry" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from delete" -l jid-file -d 'Read jids from FILE (one per line), `-` for stdin' -r -F
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from delete" -l class -d 'Only jobs of this class (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from delete" -l queue -d 'Only jobs of this queue (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from delete" -l error -d 'Only jobs whose "ErrorClass: message" matches this regular expression' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from delete" -l jid -d 'Only this jid (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from delete" -l since -d 'Only entries whose time is at or after TIME: a duration ago (2h), a duration ahead (+2h), or RFC 3339' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from delete" -l until -d 'Only entries whose time is at or before TIME (same forms as --since)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from delete" -l min-retries -d 'Only jobs that failed at least N times (retry_count ≥ N)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from delete" -l search -d 'Only jobs whose class, jid or arguments (the args JSON as stored) contain TEXT, in any case: what the Web UI\'s search box matches' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from delete" -l args -d 'Only jobs whose arguments (the args JSON as stored, e.g. `[42,{"customer_id":7}]`) match this regular expression' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from delete" -l fingerprint -d 'Only jobs whose failure has this fingerprint, as `dead triage` / `retry triage` print it (its first 4 to 8 hex digits; repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from delete" -l plan-out -d 'Write the exact entries that would be acted on to FILE (NDJSON), change nothing' -r -F
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from delete" -l plan -d 'Act on exactly the entries of a plan written by --plan-out (or by export)' -r -F
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from delete" -l report -d 'Write each entry\'s outcome (done / gone / skipped / failed) to FILE as NDJSON' -r -F
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from delete" -l rate -d 'At most N entries per second (e.g. 500 or 500/s); default: as fast as Redis allows' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from delete" -l batch -d 'Entries per script call (1–2000)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from delete" -l max-queue-depth -d 'Pause while a target queue holds more than N jobs (so a retry doesn\'t restart the outage)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from delete" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from delete" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from delete" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from delete" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from delete" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from delete" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from delete" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from delete" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from delete" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from delete" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from delete" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from delete" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from delete" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from delete" -l all -d 'Every entry of the set that matches the filters (or every entry, without filters)'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from delete" -l dry-run -d 'Show the plan — counts per class, queue and error, a sample, the target Redis — and change nothing'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from delete" -l force -d 'Run even when a --class, --queue or --error names nothing in the set (by default that is refused as a likely typo, naming the nearest values that exist)'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from delete" -s y -l yes -d 'Don\'t ask for confirmation'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from delete" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from delete" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from delete" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from delete" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from delete" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from delete" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from delete" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from delete" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from delete" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from kill" -l jid-file -d 'Read jids from FILE (one per line), `-` for stdin' -r -F
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from kill" -l class -d 'Only jobs of this class (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from kill" -l queue -d 'Only jobs of this queue (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from kill" -l error -d 'Only jobs whose "ErrorClass: message" matches this regular expression' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from kill" -l jid -d 'Only this jid (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from kill" -l since -d 'Only entries whose time is at or after TIME: a duration ago (2h), a duration ahead (+2h), or RFC 3339' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from kill" -l until -d 'Only entries whose time is at or before TIME (same forms as --since)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from kill" -l min-retries -d 'Only jobs that failed at least N times (retry_count ≥ N)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from kill" -l search -d 'Only jobs whose class, jid or arguments (the args JSON as stored) contain TEXT, in any case: what the Web UI\'s search box matches' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from kill" -l args -d 'Only jobs whose arguments (the args JSON as stored, e.g. `[42,{"customer_id":7}]`) match this regular expression' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from kill" -l fingerprint -d 'Only jobs whose failure has this fingerprint, as `dead triage` / `retry triage` print it (its first 4 to 8 hex digits; repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from kill" -l plan-out -d 'Write the exact entries that would be acted on to FILE (NDJSON), change nothing' -r -F
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from kill" -l plan -d 'Act on exactly the entries of a plan written by --plan-out (or by export)' -r -F
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from kill" -l report -d 'Write each entry\'s outcome (done / gone / skipped / failed) to FILE as NDJSON' -r -F
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from kill" -l rate -d 'At most N entries per second (e.g. 500 or 500/s); default: as fast as Redis allows' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from kill" -l batch -d 'Entries per script call (1–2000)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from kill" -l max-queue-depth -d 'Pause while a target queue holds more than N jobs (so a retry doesn\'t restart the outage)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from kill" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from kill" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from kill" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from kill" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from kill" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from kill" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from kill" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from kill" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from kill" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from kill" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from kill" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from kill" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from kill" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from kill" -l all -d 'Every entry of the set that matches the filters (or every entry, without filters)'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from kill" -l dry-run -d 'Show the plan — counts per class, queue and error, a sample, the target Redis — and change nothing'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from kill" -l force -d 'Run even when a --class, --queue or --error names nothing in the set (by default that is refused as a likely typo, naming the nearest values that exist)'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from kill" -s y -l yes -d 'Don\'t ask for confirmation'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from kill" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from kill" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from kill" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from kill" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from kill" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from kill" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from kill" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from kill" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from kill" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from reschedule" -l jid-file -d 'Read jids from FILE (one per line), `-` for stdin' -r -F
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from reschedule" -l class -d 'Only jobs of this class (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from reschedule" -l queue -d 'Only jobs of this queue (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from reschedule" -l error -d 'Only jobs whose "ErrorClass: message" matches this regular expression' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from reschedule" -l jid -d 'Only this jid (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from reschedule" -l since -d 'Only entries whose time is at or after TIME: a duration ago (2h), a duration ahead (+2h), or RFC 3339' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from reschedule" -l until -d 'Only entries whose time is at or before TIME (same forms as --since)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from reschedule" -l min-retries -d 'Only jobs that failed at least N times (retry_count ≥ N)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from reschedule" -l search -d 'Only jobs whose class, jid or arguments (the args JSON as stored) contain TEXT, in any case: what the Web UI\'s search box matches' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from reschedule" -l args -d 'Only jobs whose arguments (the args JSON as stored, e.g. `[42,{"customer_id":7}]`) match this regular expression' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from reschedule" -l fingerprint -d 'Only jobs whose failure has this fingerprint, as `dead triage` / `retry triage` print it (its first 4 to 8 hex digits; repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from reschedule" -l plan-out -d 'Write the exact entries that would be acted on to FILE (NDJSON), change nothing' -r -F
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from reschedule" -l plan -d 'Act on exactly the entries of a plan written by --plan-out (or by export)' -r -F
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from reschedule" -l report -d 'Write each entry\'s outcome (done / gone / skipped / failed) to FILE as NDJSON' -r -F
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from reschedule" -l rate -d 'At most N entries per second (e.g. 500 or 500/s); default: as fast as Redis allows' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from reschedule" -l batch -d 'Entries per script call (1–2000)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from reschedule" -l max-queue-depth -d 'Pause while a target queue holds more than N jobs (so a retry doesn\'t restart the outage)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from reschedule" -l in -d 'Due this long from now (e.g. 30m, 2h)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from reschedule" -l at -d 'Due at TIME (RFC 3339, or +DURATION)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from reschedule" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from reschedule" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from reschedule" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from reschedule" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from reschedule" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from reschedule" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from reschedule" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from reschedule" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from reschedule" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from reschedule" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from reschedule" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from reschedule" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from reschedule" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from reschedule" -l all -d 'Every entry of the set that matches the filters (or every entry, without filters)'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from reschedule" -l dry-run -d 'Show the plan — counts per class, queue and error, a sample, the target Redis — and change nothing'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from reschedule" -l force -d 'Run even when a --class, --queue or --error names nothing in the set (by default that is refused as a likely typo, naming the nearest values that exist)'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from reschedule" -s y -l yes -d 'Don\'t ask for confirmation'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from reschedule" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from reschedule" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from reschedule" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from reschedule" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from reschedule" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from reschedule" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from reschedule" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from reschedule" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from reschedule" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from export" -l class -d 'Only jobs of this class (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from export" -l queue -d 'Only jobs of this queue (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from export" -l error -d 'Only jobs whose "ErrorClass: message" matches this regular expression' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from export" -l jid -d 'Only this jid (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from export" -l since -d 'Only entries whose time is at or after TIME: a duration ago (2h), a duration ahead (+2h), or RFC 3339' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from export" -l until -d 'Only entries whose time is at or before TIME (same forms as --since)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from export" -l min-retries -d 'Only jobs that failed at least N times (retry_count ≥ N)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from export" -l search -d 'Only jobs whose class, jid or arguments (the args JSON as stored) contain TEXT, in any case: what the Web UI\'s search box matches' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from export" -l args -d 'Only jobs whose arguments (the args JSON as stored, e.g. `[42,{"customer_id":7}]`) match this regular expression' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from export" -l fingerprint -d 'Only jobs whose failure has this fingerprint, as `dead triage` / `retry triage` print it (its first 4 to 8 hex digits; repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from export" -s o -l output -d 'Write to FILE instead of stdout (written whole, or not at all)' -r -F
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from export" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from export" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from export" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from export" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from export" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from export" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from export" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from export" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from export" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from export" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from export" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from export" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from export" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from export" -l force -d 'Replace FILE when it exists (by default an existing export is never overwritten)'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from export" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from export" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from export" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from export" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from export" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from export" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from export" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from export" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from export" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from help" -f -a "list" -d 'List retry entries, latest next attempt first'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from help" -f -a "triage" -d 'Group retry entries into failure patterns: how many, since when, where'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from help" -f -a "show" -d 'Show one retry entry: where the job is, its payload and its attempt timeline'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from help" -f -a "retry" -d 'Put retry entries back on their queues now (the Web UI\'s "retry now")'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from help" -f -a "delete" -d 'Delete retry entries (their attempts logs and locks too)'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from help" -f -a "kill" -d 'Move retry entries to dead (their locks are released)'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from help" -f -a "reschedule" -d 'Give retry entries a new time (--in or --at)'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from help" -f -a "export" -d 'Write retry entries as lossless NDJSON {score, member} lines'
complete -c cogctl -n "__fish_cogctl_using_subcommand retry; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and not __fish_seen_subcommand_from list triage show retry delete export import help" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and not __fish_seen_subcommand_from list triage show retry delete export import help" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and not __fish_seen_subcommand_from list triage show retry delete export import help" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and not __fish_seen_subcommand_from list triage show retry delete export import help" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and not __fish_seen_subcommand_from list triage show retry delete export import help" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and not __fish_seen_subcommand_from list triage show retry delete export import help" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and not __fish_seen_subcommand_from list triage show retry delete export import help" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and not __fish_seen_subcommand_from list triage show retry delete export import help" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and not __fish_seen_subcommand_from list triage show retry delete export import help" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and not __fish_seen_subcommand_from list triage show retry delete export import help" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and not __fish_seen_subcommand_from list triage show retry delete export import help" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and not __fish_seen_subcommand_from list triage show retry delete export import help" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and not __fish_seen_subcommand_from list triage show retry delete export import help" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and not __fish_seen_subcommand_from list triage show retry delete export import help" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and not __fish_seen_subcommand_from list triage show retry delete export import help" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and not __fish_seen_subcommand_from list triage show retry delete export import help" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and not __fish_seen_subcommand_from list triage show retry delete export import help" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and not __fish_seen_subcommand_from list triage show retry delete export import help" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and not __fish_seen_subcommand_from list triage show retry delete export import help" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and not __fish_seen_subcommand_from list triage show retry delete export import help" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and not __fish_seen_subcommand_from list triage show retry delete export import help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and not __fish_seen_subcommand_from list triage show retry delete export import help" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and not __fish_seen_subcommand_from list triage show retry delete export import help" -f -a "list" -d 'List dead entries, most recently died first'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and not __fish_seen_subcommand_from list triage show retry delete export import help" -f -a "triage" -d 'Group dead entries into failure patterns: how many, since when, where'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and not __fish_seen_subcommand_from list triage show retry delete export import help" -f -a "show" -d 'Show one dead entry: where the job is, its payload and its attempt timeline'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and not __fish_seen_subcommand_from list triage show retry delete export import help" -f -a "retry" -d 'Put dead entries back on their queues (the Web UI\'s "retry")'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and not __fish_seen_subcommand_from list triage show retry delete export import help" -f -a "delete" -d 'Delete dead entries (their attempts logs and locks too)'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and not __fish_seen_subcommand_from list triage show retry delete export import help" -f -a "export" -d 'Write dead entries as lossless NDJSON {score, member} lines'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and not __fish_seen_subcommand_from list triage show retry delete export import help" -f -a "import" -d 'Add entries written by `export` back to the dead set (members already there are skipped)'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and not __fish_seen_subcommand_from list triage show retry delete export import help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l class -d 'Only jobs of this class (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l queue -d 'Only jobs of this queue (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l error -d 'Only jobs whose "ErrorClass: message" matches this regular expression' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l jid -d 'Only this jid (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l since -d 'Only entries whose time is at or after TIME: a duration ago (2h), a duration ahead (+2h), or RFC 3339' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l until -d 'Only entries whose time is at or before TIME (same forms as --since)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l min-retries -d 'Only jobs that failed at least N times (retry_count ≥ N)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l search -d 'Only jobs whose class, jid or arguments (the args JSON as stored) contain TEXT, in any case: what the Web UI\'s search box matches' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l args -d 'Only jobs whose arguments (the args JSON as stored, e.g. `[42,{"customer_id":7}]`) match this regular expression' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l fingerprint -d 'Only jobs whose failure has this fingerprint, as `dead triage` / `retry triage` print it (its first 4 to 8 hex digits; repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l limit -d 'Show at most N (default 50 in a table; every match with --json/--ndjson)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l watch -d 'Refresh every 2s, or every INTERVAL given as --watch=INTERVAL (at least 100ms), until Ctrl-C: in place on a terminal, changes highlighted; else every refresh printed in full' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l all -d 'Show every match'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l oldest-first -d 'Lowest score first: longest dead, or soonest due'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from triage" -l class -d 'Only jobs of this class (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from triage" -l queue -d 'Only jobs of this queue (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from triage" -l error -d 'Only jobs whose "ErrorClass: message" matches this regular expression' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from triage" -l jid -d 'Only this jid (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from triage" -l since -d 'Only entries whose time is at or after TIME: a duration ago (2h), a duration ahead (+2h), or RFC 3339' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from triage" -l until -d 'Only entries whose time is at or before TIME (same forms as --since)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from triage" -l min-retries -d 'Only jobs that failed at least N times (retry_count ≥ N)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from triage" -l search -d 'Only jobs whose class, jid or arguments (the args JSON as stored) contain TEXT, in any case: what the Web UI\'s search box matches' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from triage" -l args -d 'Only jobs whose arguments (the args JSON as stored, e.g. `[42,{"customer_id":7}]`) match this regular expression' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from triage" -l fingerprint -d 'Only jobs whose failure has this fingerprint, as `dead triage` / `retry triage` print it (its first 4 to 8 hex digits; repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from triage" -l by -d 'Group by these, comma-separated (e.g. class,fingerprint)' -r -f -a "fingerprint\t''
class\t''
queue\t''
error-class\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from triage" -l limit -d 'Show at most N groups (default 20 in a table; every group with --json/--ndjson)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from triage" -l max-groups -d 'Keep at most N groups while reading; the entries of further patterns are counted together as "other"' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from triage" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from triage" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from triage" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from triage" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from triage" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from triage" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from triage" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from triage" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from triage" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from triage" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from triage" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from triage" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from triage" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from triage" -l from-history -d 'Group the failed runs the History middleware recorded (cogworker:history:failed) instead of the set'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from triage" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from triage" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from triage" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from triage" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from triage" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from triage" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from triage" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from triage" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from triage" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from show" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from show" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from show" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from show" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from show" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from show" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from show" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from show" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from show" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from show" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from show" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from show" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from show" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from show" -l backtrace -d 'Show the backtraces of its failed runs (from the History middleware\'s records)'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from show" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from show" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from show" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from show" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from show" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from show" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from show" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from show" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from show" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from retry" -l jid-file -d 'Read jids from FILE (one per line), `-` for stdin' -r -F
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from retry" -l class -d 'Only jobs of this class (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from retry" -l queue -d 'Only jobs of this queue (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from retry" -l error -d 'Only jobs whose "ErrorClass: message" matches this regular expression' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from retry" -l jid -d 'Only this jid (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from retry" -l since -d 'Only entries whose time is at or after TIME: a duration ago (2h), a duration ahead (+2h), or RFC 3339' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from retry" -l until -d 'Only entries whose time is at or before TIME (same forms as --since)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from retry" -l min-retries -d 'Only jobs that failed at least N times (retry_count ≥ N)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from retry" -l search -d 'Only jobs whose class, jid or arguments (the args JSON as stored) contain TEXT, in any case: what the Web UI\'s search box matches' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from retry" -l args -d 'Only jobs whose arguments (the args JSON as stored, e.g. `[42,{"customer_id":7}]`) match this regular expression' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from retry" -l fingerprint -d 'Only jobs whose failure has this fingerprint, as `dead triage` / `retry triage` print it (its first 4 to 8 hex digits; repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from retry" -l plan-out -d 'Write the exact entries that would be acted on to FILE (NDJSON), change nothing' -r -F
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from retry" -l plan -d 'Act on exactly the entries of a plan written by --plan-out (or by export)' -r -F
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from retry" -l report -d 'Write each entry\'s outcome (done / gone / skipped / failed) to FILE as NDJSON' -r -F
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from retry" -l rate -d 'At most N entries per second (e.g. 500 or 500/s); default: as fast as Redis allows' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from retry" -l batch -d 'Entries per script call (1–2000)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from retry" -l max-queue-depth -d 'Pause while a target queue holds more than N jobs (so a retry doesn\'t restart the outage)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from retry" -l canary -d 'Retry in watched steps: N entries first (spread across the selection\'s classes and queues), then ten times as many each step while their jobs run, until the rest; stop when they fail again (docs/safety.md, "Canary retries")' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from retry" -l canary-wait -d 'How long a step\'s jobs may take to run before the run stops' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from retry" -l max-canary-failures -d 'Jobs of a step that may fail again before the run stops' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from retry" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from retry" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from retry" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from retry" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from retry" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from retry" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from retry" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from retry" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from retry" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from retry" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from retry" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from retry" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from retry" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from retry" -l all -d 'Every entry of the set that matches the filters (or every entry, without filters)'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from retry" -l dry-run -d 'Show the plan — counts per class, queue and error, a sample, the target Redis — and change nothing'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from retry" -l force -d 'Run even when a --class, --queue or --error names nothing in the set (by default that is refused as a likely typo, naming the nearest values that exist)'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from retry" -s y -l yes -d 'Don\'t ask for confirmation'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from retry" -l reset-retries -d 'Give each job a fresh retry budget (remove its retry_count); by default it is kept, as the Web UI does, so a job that died of an exhausted budget gets exactly one attempt'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from retry" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from retry" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from retry" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from retry" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from retry" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from retry" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from retry" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from retry" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from retry" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from delete" -l jid-file -d 'Read jids from FILE (one per line), `-` for stdin' -r -F
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from delete" -l class -d 'Only jobs of this class (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from delete" -l queue -d 'Only jobs of this queue (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from delete" -l error -d 'Only jobs whose "ErrorClass: message" matches this regular expression' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from delete" -l jid -d 'Only this jid (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from delete" -l since -d 'Only entries whose time is at or after TIME: a duration ago (2h), a duration ahead (+2h), or RFC 3339' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from delete" -l until -d 'Only entries whose time is at or before TIME (same forms as --since)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from delete" -l min-retries -d 'Only jobs that failed at least N times (retry_count ≥ N)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from delete" -l search -d 'Only jobs whose class, jid or arguments (the args JSON as stored) contain TEXT, in any case: what the Web UI\'s search box matches' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from delete" -l args -d 'Only jobs whose arguments (the args JSON as stored, e.g. `[42,{"customer_id":7}]`) match this regular expression' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from delete" -l fingerprint -d 'Only jobs whose failure has this fingerprint, as `dead triage` / `retry triage` print it (its first 4 to 8 hex digits; repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from delete" -l plan-out -d 'Write the exact entries that would be acted on to FILE (NDJSON), change nothing' -r -F
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from delete" -l plan -d 'Act on exactly the entries of a plan written by --plan-out (or by export)' -r -F
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from delete" -l report -d 'Write each entry\'s outcome (done / gone / skipped / failed) to FILE as NDJSON' -r -F
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from delete" -l rate -d 'At most N entries per second (e.g. 500 or 500/s); default: as fast as Redis allows' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from delete" -l batch -d 'Entries per script call (1–2000)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from delete" -l max-queue-depth -d 'Pause while a target queue holds more than N jobs (so a retry doesn\'t restart the outage)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from delete" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from delete" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from delete" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from delete" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from delete" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from delete" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from delete" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from delete" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from delete" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from delete" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from delete" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from delete" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from delete" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from delete" -l all -d 'Every entry of the set that matches the filters (or every entry, without filters)'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from delete" -l dry-run -d 'Show the plan — counts per class, queue and error, a sample, the target Redis — and change nothing'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from delete" -l force -d 'Run even when a --class, --queue or --error names nothing in the set (by default that is refused as a likely typo, naming the nearest values that exist)'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from delete" -s y -l yes -d 'Don\'t ask for confirmation'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from delete" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from delete" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from delete" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from delete" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from delete" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from delete" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from delete" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from delete" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from delete" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from export" -l class -d 'Only jobs of this class (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from export" -l queue -d 'Only jobs of this queue (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from export" -l error -d 'Only jobs whose "ErrorClass: message" matches this regular expression' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from export" -l jid -d 'Only this jid (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from export" -l since -d 'Only entries whose time is at or after TIME: a duration ago (2h), a duration ahead (+2h), or RFC 3339' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from export" -l until -d 'Only entries whose time is at or before TIME (same forms as --since)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from export" -l min-retries -d 'Only jobs that failed at least N times (retry_count ≥ N)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from export" -l search -d 'Only jobs whose class, jid or arguments (the args JSON as stored) contain TEXT, in any case: what the Web UI\'s search box matches' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from export" -l args -d 'Only jobs whose arguments (the args JSON as stored, e.g. `[42,{"customer_id":7}]`) match this regular expression' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from export" -l fingerprint -d 'Only jobs whose failure has this fingerprint, as `dead triage` / `retry triage` print it (its first 4 to 8 hex digits; repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from export" -s o -l output -d 'Write to FILE instead of stdout (written whole, or not at all)' -r -F
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from export" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from export" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from export" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from export" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from export" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from export" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from export" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from export" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from export" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from export" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from export" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from export" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from export" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from export" -l force -d 'Replace FILE when it exists (by default an existing export is never overwritten)'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from export" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from export" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from export" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from export" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from export" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from export" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from export" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from export" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from export" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from import" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from import" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from import" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from import" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from import" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from import" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from import" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from import" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from import" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from import" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from import" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from import" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from import" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from import" -l dry-run -d 'Count what would be added and what is already present; change nothing'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from import" -s y -l yes -d 'Don\'t ask for confirmation'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from import" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from import" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from import" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from import" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from import" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from import" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from import" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from import" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from import" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from help" -f -a "list" -d 'List dead entries, most recently died first'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from help" -f -a "triage" -d 'Group dead entries into failure patterns: how many, since when, where'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from help" -f -a "show" -d 'Show one dead entry: where the job is, its payload and its attempt timeline'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from help" -f -a "retry" -d 'Put dead entries back on their queues (the Web UI\'s "retry")'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from help" -f -a "delete" -d 'Delete dead entries (their attempts logs and locks too)'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from help" -f -a "export" -d 'Write dead entries as lossless NDJSON {score, member} lines'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from help" -f -a "import" -d 'Add entries written by `export` back to the dead set (members already there are skipped)'
complete -c cogctl -n "__fish_cogctl_using_subcommand dead; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and not __fish_seen_subcommand_from list show enqueue-now delete reschedule help" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and not __fish_seen_subcommand_from list show enqueue-now delete reschedule help" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and not __fish_seen_subcommand_from list show enqueue-now delete reschedule help" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and not __fish_seen_subcommand_from list show enqueue-now delete reschedule help" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and not __fish_seen_subcommand_from list show enqueue-now delete reschedule help" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and not __fish_seen_subcommand_from list show enqueue-now delete reschedule help" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and not __fish_seen_subcommand_from list show enqueue-now delete reschedule help" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and not __fish_seen_subcommand_from list show enqueue-now delete reschedule help" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and not __fish_seen_subcommand_from list show enqueue-now delete reschedule help" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and not __fish_seen_subcommand_from list show enqueue-now delete reschedule help" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and not __fish_seen_subcommand_from list show enqueue-now delete reschedule help" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and not __fish_seen_subcommand_from list show enqueue-now delete reschedule help" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and not __fish_seen_subcommand_from list show enqueue-now delete reschedule help" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and not __fish_seen_subcommand_from list show enqueue-now delete reschedule help" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and not __fish_seen_subcommand_from list show enqueue-now delete reschedule help" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and not __fish_seen_subcommand_from list show enqueue-now delete reschedule help" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and not __fish_seen_subcommand_from list show enqueue-now delete reschedule help" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and not __fish_seen_subcommand_from list show enqueue-now delete reschedule help" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and not __fish_seen_subcommand_from list show enqueue-now delete reschedule help" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and not __fish_seen_subcommand_from list show enqueue-now delete reschedule help" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and not __fish_seen_subcommand_from list show enqueue-now delete reschedule help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and not __fish_seen_subcommand_from list show enqueue-now delete reschedule help" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and not __fish_seen_subcommand_from list show enqueue-now delete reschedule help" -f -a "list" -d 'List scheduled entries, latest due first'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and not __fish_seen_subcommand_from list show enqueue-now delete reschedule help" -f -a "show" -d 'Show one scheduled entry: where the job is, its payload and its timeline'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and not __fish_seen_subcommand_from list show enqueue-now delete reschedule help" -f -a "enqueue-now" -d 'Push scheduled entries to their queues now, as the poller does when they are due'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and not __fish_seen_subcommand_from list show enqueue-now delete reschedule help" -f -a "delete" -d 'Delete scheduled entries (their locks too)'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and not __fish_seen_subcommand_from list show enqueue-now delete reschedule help" -f -a "reschedule" -d 'Give scheduled entries a new due time (--in or --at)'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and not __fish_seen_subcommand_from list show enqueue-now delete reschedule help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l class -d 'Only jobs of this class (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l queue -d 'Only jobs of this queue (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l error -d 'Only jobs whose "ErrorClass: message" matches this regular expression' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l jid -d 'Only this jid (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l since -d 'Only entries whose time is at or after TIME: a duration ago (2h), a duration ahead (+2h), or RFC 3339' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l until -d 'Only entries whose time is at or before TIME (same forms as --since)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l min-retries -d 'Only jobs that failed at least N times (retry_count ≥ N)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l search -d 'Only jobs whose class, jid or arguments (the args JSON as stored) contain TEXT, in any case: what the Web UI\'s search box matches' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l args -d 'Only jobs whose arguments (the args JSON as stored, e.g. `[42,{"customer_id":7}]`) match this regular expression' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l fingerprint -d 'Only jobs whose failure has this fingerprint, as `dead triage` / `retry triage` print it (its first 4 to 8 hex digits; repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l limit -d 'Show at most N (default 50 in a table; every match with --json/--ndjson)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l watch -d 'Refresh every 2s, or every INTERVAL given as --watch=INTERVAL (at least 100ms), until Ctrl-C: in place on a terminal, changes highlighted; else every refresh printed in full' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l all -d 'Show every match'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l oldest-first -d 'Lowest score first: longest dead, or soonest due'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from show" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from show" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from show" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from show" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from show" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from show" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from show" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from show" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from show" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from show" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from show" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from show" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from show" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from show" -l backtrace -d 'Show the backtraces of its failed runs (from the History middleware\'s records)'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from show" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from show" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from show" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from show" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from show" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from show" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from show" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from show" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from show" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from enqueue-now" -l jid-file -d 'Read jids from FILE (one per line), `-` for stdin' -r -F
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from enqueue-now" -l class -d 'Only jobs of this class (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from enqueue-now" -l queue -d 'Only jobs of this queue (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from enqueue-now" -l error -d 'Only jobs whose "ErrorClass: message" matches this regular expression' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from enqueue-now" -l jid -d 'Only this jid (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from enqueue-now" -l since -d 'Only entries whose time is at or after TIME: a duration ago (2h), a duration ahead (+2h), or RFC 3339' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from enqueue-now" -l until -d 'Only entries whose time is at or before TIME (same forms as --since)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from enqueue-now" -l min-retries -d 'Only jobs that failed at least N times (retry_count ≥ N)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from enqueue-now" -l search -d 'Only jobs whose class, jid or arguments (the args JSON as stored) contain TEXT, in any case: what the Web UI\'s search box matches' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from enqueue-now" -l args -d 'Only jobs whose arguments (the args JSON as stored, e.g. `[42,{"customer_id":7}]`) match this regular expression' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from enqueue-now" -l fingerprint -d 'Only jobs whose failure has this fingerprint, as `dead triage` / `retry triage` print it (its first 4 to 8 hex digits; repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from enqueue-now" -l plan-out -d 'Write the exact entries that would be acted on to FILE (NDJSON), change nothing' -r -F
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from enqueue-now" -l plan -d 'Act on exactly the entries of a plan written by --plan-out (or by export)' -r -F
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from enqueue-now" -l report -d 'Write each entry\'s outcome (done / gone / skipped / failed) to FILE as NDJSON' -r -F
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from enqueue-now" -l rate -d 'At most N entries per second (e.g. 500 or 500/s); default: as fast as Redis allows' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from enqueue-now" -l batch -d 'Entries per script call (1–2000)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from enqueue-now" -l max-queue-depth -d 'Pause while a target queue holds more than N jobs (so a retry doesn\'t restart the outage)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from enqueue-now" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from enqueue-now" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from enqueue-now" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from enqueue-now" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from enqueue-now" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from enqueue-now" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from enqueue-now" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from enqueue-now" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from enqueue-now" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from enqueue-now" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from enqueue-now" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from enqueue-now" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from enqueue-now" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from enqueue-now" -l all -d 'Every entry of the set that matches the filters (or every entry, without filters)'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from enqueue-now" -l dry-run -d 'Show the plan — counts per class, queue and error, a sample, the target Redis — and change nothing'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from enqueue-now" -l force -d 'Run even when a --class, --queue or --error names nothing in the set (by default that is refused as a likely typo, naming the nearest values that exist)'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from enqueue-now" -s y -l yes -d 'Don\'t ask for confirmation'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from enqueue-now" -l reset-retries -d 'Give each job a fresh retry budget (remove its retry_count); by default it is kept, as the Web UI does, so a job that died of an exhausted budget gets exactly one attempt'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from enqueue-now" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from enqueue-now" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from enqueue-now" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from enqueue-now" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from enqueue-now" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from enqueue-now" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from enqueue-now" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from enqueue-now" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from enqueue-now" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from delete" -l jid-file -d 'Read jids from FILE (one per line), `-` for stdin' -r -F
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from delete" -l class -d 'Only jobs of this class (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from delete" -l queue -d 'Only jobs of this queue (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from delete" -l error -d 'Only jobs whose "ErrorClass: message" matches this regular expression' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from delete" -l jid -d 'Only this jid (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from delete" -l since -d 'Only entries whose time is at or after TIME: a duration ago (2h), a duration ahead (+2h), or RFC 3339' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from delete" -l until -d 'Only entries whose time is at or before TIME (same forms as --since)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from delete" -l min-retries -d 'Only jobs that failed at least N times (retry_count ≥ N)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from delete" -l search -d 'Only jobs whose class, jid or arguments (the args JSON as stored) contain TEXT, in any case: what the Web UI\'s search box matches' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from delete" -l args -d 'Only jobs whose arguments (the args JSON as stored, e.g. `[42,{"customer_id":7}]`) match this regular expression' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from delete" -l fingerprint -d 'Only jobs whose failure has this fingerprint, as `dead triage` / `retry triage` print it (its first 4 to 8 hex digits; repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from delete" -l plan-out -d 'Write the exact entries that would be acted on to FILE (NDJSON), change nothing' -r -F
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from delete" -l plan -d 'Act on exactly the entries of a plan written by --plan-out (or by export)' -r -F
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from delete" -l report -d 'Write each entry\'s outcome (done / gone / skipped / failed) to FILE as NDJSON' -r -F
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from delete" -l rate -d 'At most N entries per second (e.g. 500 or 500/s); default: as fast as Redis allows' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from delete" -l batch -d 'Entries per script call (1–2000)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from delete" -l max-queue-depth -d 'Pause while a target queue holds more than N jobs (so a retry doesn\'t restart the outage)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from delete" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from delete" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from delete" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from delete" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from delete" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from delete" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from delete" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from delete" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from delete" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from delete" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from delete" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from delete" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from delete" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from delete" -l all -d 'Every entry of the set that matches the filters (or every entry, without filters)'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from delete" -l dry-run -d 'Show the plan — counts per class, queue and error, a sample, the target Redis — and change nothing'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from delete" -l force -d 'Run even when a --class, --queue or --error names nothing in the set (by default that is refused as a likely typo, naming the nearest values that exist)'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from delete" -s y -l yes -d 'Don\'t ask for confirmation'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from delete" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from delete" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from delete" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from delete" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from delete" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from delete" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from delete" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from delete" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from delete" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from reschedule" -l jid-file -d 'Read jids from FILE (one per line), `-` for stdin' -r -F
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from reschedule" -l class -d 'Only jobs of this class (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from reschedule" -l queue -d 'Only jobs of this queue (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from reschedule" -l error -d 'Only jobs whose "ErrorClass: message" matches this regular expression' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from reschedule" -l jid -d 'Only this jid (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from reschedule" -l since -d 'Only entries whose time is at or after TIME: a duration ago (2h), a duration ahead (+2h), or RFC 3339' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from reschedule" -l until -d 'Only entries whose time is at or before TIME (same forms as --since)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from reschedule" -l min-retries -d 'Only jobs that failed at least N times (retry_count ≥ N)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from reschedule" -l search -d 'Only jobs whose class, jid or arguments (the args JSON as stored) contain TEXT, in any case: what the Web UI\'s search box matches' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from reschedule" -l args -d 'Only jobs whose arguments (the args JSON as stored, e.g. `[42,{"customer_id":7}]`) match this regular expression' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from reschedule" -l fingerprint -d 'Only jobs whose failure has this fingerprint, as `dead triage` / `retry triage` print it (its first 4 to 8 hex digits; repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from reschedule" -l plan-out -d 'Write the exact entries that would be acted on to FILE (NDJSON), change nothing' -r -F
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from reschedule" -l plan -d 'Act on exactly the entries of a plan written by --plan-out (or by export)' -r -F
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from reschedule" -l report -d 'Write each entry\'s outcome (done / gone / skipped / failed) to FILE as NDJSON' -r -F
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from reschedule" -l rate -d 'At most N entries per second (e.g. 500 or 500/s); default: as fast as Redis allows' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from reschedule" -l batch -d 'Entries per script call (1–2000)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from reschedule" -l max-queue-depth -d 'Pause while a target queue holds more than N jobs (so a retry doesn\'t restart the outage)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from reschedule" -l in -d 'Due this long from now (e.g. 30m, 2h)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from reschedule" -l at -d 'Due at TIME (RFC 3339, or +DURATION)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from reschedule" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from reschedule" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from reschedule" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from reschedule" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from reschedule" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from reschedule" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from reschedule" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from reschedule" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from reschedule" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from reschedule" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from reschedule" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from reschedule" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from reschedule" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from reschedule" -l all -d 'Every entry of the set that matches the filters (or every entry, without filters)'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from reschedule" -l dry-run -d 'Show the plan — counts per class, queue and error, a sample, the target Redis — and change nothing'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from reschedule" -l force -d 'Run even when a --class, --queue or --error names nothing in the set (by default that is refused as a likely typo, naming the nearest values that exist)'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from reschedule" -s y -l yes -d 'Don\'t ask for confirmation'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from reschedule" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from reschedule" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from reschedule" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from reschedule" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from reschedule" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from reschedule" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from reschedule" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from reschedule" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from reschedule" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from help" -f -a "list" -d 'List scheduled entries, latest due first'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from help" -f -a "show" -d 'Show one scheduled entry: where the job is, its payload and its timeline'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from help" -f -a "enqueue-now" -d 'Push scheduled entries to their queues now, as the poller does when they are due'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from help" -f -a "delete" -d 'Delete scheduled entries (their locks too)'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from help" -f -a "reschedule" -d 'Give scheduled entries a new due time (--in or --at)'
complete -c cogctl -n "__fish_cogctl_using_subcommand scheduled; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c cogctl -n "__fish_cogctl_using_subcommand job" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand job" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand job" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand job" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand job" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand job" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand job" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand job" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand job" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand job" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand job" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand job" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand job" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand job" -l backtrace -d 'Show the backtraces of its failed runs (from the History middleware\'s records)'
complete -c cogctl -n "__fish_cogctl_using_subcommand job" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand job" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand job" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand job" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand job" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand job" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand job" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand job" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand job" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and not __fish_seen_subcommand_from list show run-now disable enable help" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and not __fish_seen_subcommand_from list show run-now disable enable help" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and not __fish_seen_subcommand_from list show run-now disable enable help" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and not __fish_seen_subcommand_from list show run-now disable enable help" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and not __fish_seen_subcommand_from list show run-now disable enable help" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and not __fish_seen_subcommand_from list show run-now disable enable help" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and not __fish_seen_subcommand_from list show run-now disable enable help" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and not __fish_seen_subcommand_from list show run-now disable enable help" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and not __fish_seen_subcommand_from list show run-now disable enable help" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and not __fish_seen_subcommand_from list show run-now disable enable help" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and not __fish_seen_subcommand_from list show run-now disable enable help" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and not __fish_seen_subcommand_from list show run-now disable enable help" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and not __fish_seen_subcommand_from list show run-now disable enable help" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and not __fish_seen_subcommand_from list show run-now disable enable help" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and not __fish_seen_subcommand_from list show run-now disable enable help" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and not __fish_seen_subcommand_from list show run-now disable enable help" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and not __fish_seen_subcommand_from list show run-now disable enable help" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and not __fish_seen_subcommand_from list show run-now disable enable help" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and not __fish_seen_subcommand_from list show run-now disable enable help" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and not __fish_seen_subcommand_from list show run-now disable enable help" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and not __fish_seen_subcommand_from list show run-now disable enable help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and not __fish_seen_subcommand_from list show run-now disable enable help" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and not __fish_seen_subcommand_from list show run-now disable enable help" -f -a "list" -d 'Every periodic (cron) entry: class, cron, next and last run, enabled, a run in progress'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and not __fish_seen_subcommand_from list show run-now disable enable help" -f -a "show" -d 'One entry: its next 5 fire times, last run, running lock, and its jobs now waiting, retrying or dead'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and not __fish_seen_subcommand_from list show run-now disable enable help" -f -a "run-now" -d 'Push the entry\'s job now, as the Web UI\'s "run now" does: a plain job of its class, args and retry (no periodic fields, no claim, no lock); prints the jid'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and not __fish_seen_subcommand_from list show run-now disable enable help" -f -a "disable" -d 'Stop the tickers firing these entries (periodic:disabled)'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and not __fish_seen_subcommand_from list show run-now disable enable help" -f -a "enable" -d 'Let the tickers fire these entries again'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and not __fish_seen_subcommand_from list show run-now disable enable help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from list" -l search -d 'Only entries whose class, cron, pjid or args (as stored) contain TEXT, in any case' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from list" -l tz -d 'The zone for crons that name none (default: $TZ, else the system\'s)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from list" -l watch -d 'Refresh every 2s, or every INTERVAL given as --watch=INTERVAL (at least 100ms), until Ctrl-C: in place on a terminal, changes highlighted; else every refresh printed in full' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from list" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from list" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from list" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from list" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from list" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from list" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from list" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from list" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from list" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from list" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from list" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from list" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from list" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from list" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from list" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from list" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from list" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from list" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from list" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from list" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from show" -l tz -d 'The zone for a cron that names none (default: $TZ, else the system\'s)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from show" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from show" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from show" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from show" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from show" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from show" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from show" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from show" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from show" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from show" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from show" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from show" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from show" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from show" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from show" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from show" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from show" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from show" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from show" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from show" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from show" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from show" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from run-now" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from run-now" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from run-now" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from run-now" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from run-now" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from run-now" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from run-now" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from run-now" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from run-now" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from run-now" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from run-now" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from run-now" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from run-now" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from run-now" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from run-now" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from run-now" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from run-now" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from run-now" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from run-now" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from run-now" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from run-now" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from run-now" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from disable" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from disable" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from disable" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from disable" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from disable" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from disable" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from disable" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from disable" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from disable" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from disable" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from disable" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from disable" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from disable" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from disable" -l all -d 'Every entry of periodic:schedule'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from disable" -s y -l yes -d 'Don\'t ask for confirmation (--all asks)'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from disable" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from disable" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from disable" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from disable" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from disable" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from disable" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from disable" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from disable" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from disable" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from enable" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from enable" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from enable" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from enable" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from enable" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from enable" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from enable" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from enable" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from enable" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from enable" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from enable" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from enable" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from enable" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from enable" -l all -d 'Every entry of periodic:schedule'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from enable" -s y -l yes -d 'Don\'t ask for confirmation (--all asks)'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from enable" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from enable" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from enable" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from enable" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from enable" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from enable" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from enable" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from enable" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from enable" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from help" -f -a "list" -d 'Every periodic (cron) entry: class, cron, next and last run, enabled, a run in progress'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from help" -f -a "show" -d 'One entry: its next 5 fire times, last run, running lock, and its jobs now waiting, retrying or dead'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from help" -f -a "run-now" -d 'Push the entry\'s job now, as the Web UI\'s "run now" does: a plain job of its class, args and retry (no periodic fields, no claim, no lock); prints the jid'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from help" -f -a "disable" -d 'Stop the tickers firing these entries (periodic:disabled)'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from help" -f -a "enable" -d 'Let the tickers fire these entries again'
complete -c cogctl -n "__fish_cogctl_using_subcommand periodic; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c cogctl -n "__fish_cogctl_using_subcommand jobs" -l class -d 'Only jobs of this class (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand jobs" -l queue -d 'Only jobs of this queue (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand jobs" -l error -d 'Only jobs whose "ErrorClass: message" matches this regular expression' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand jobs" -l jid -d 'Only this jid (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand jobs" -l since -d 'Only entries whose time is at or after TIME: a duration ago (2h), a duration ahead (+2h), or RFC 3339' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand jobs" -l until -d 'Only entries whose time is at or before TIME (same forms as --since)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand jobs" -l min-retries -d 'Only jobs that failed at least N times (retry_count ≥ N)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand jobs" -l search -d 'Only jobs whose class, jid or arguments (the args JSON as stored) contain TEXT, in any case: what the Web UI\'s search box matches' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand jobs" -l args -d 'Only jobs whose arguments (the args JSON as stored, e.g. `[42,{"customer_id":7}]`) match this regular expression' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand jobs" -l fingerprint -d 'Only jobs whose failure has this fingerprint, as `dead triage` / `retry triage` print it (its first 4 to 8 hex digits; repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand jobs" -l status -d 'Only these places, comma-separated (default: all, in this order)' -r -f -a "enqueued\t'Waiting on a queue'
running\t'Running in a live process'
scheduled\t'In cogworker:schedule'
retry\t'In cogworker:retry'
dead\t'In cogworker:dead'"
complete -c cogctl -n "__fish_cogctl_using_subcommand jobs" -l limit -d 'Show at most N (default 50 in a table; every match with --json/--ndjson)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand jobs" -l watch -d 'Refresh every 2s, or every INTERVAL given as --watch=INTERVAL (at least 100ms), until Ctrl-C: in place on a terminal, changes highlighted; else every refresh printed in full' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand jobs" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand jobs" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand jobs" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand jobs" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand jobs" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand jobs" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand jobs" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand jobs" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand jobs" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand jobs" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand jobs" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand jobs" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand jobs" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand jobs" -l all -d 'Show every match'
complete -c cogctl -n "__fish_cogctl_using_subcommand jobs" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand jobs" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand jobs" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand jobs" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand jobs" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand jobs" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand jobs" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand jobs" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand jobs" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand history" -l status -d 'Which runs' -r -f -a "all\t''
success\t''
failed\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand history" -l class -d 'Only jobs of this class (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand history" -l queue -d 'Only jobs of this queue (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand history" -l error -d 'Only jobs whose "ErrorClass: message" matches this regular expression' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand history" -l jid -d 'Only this jid (repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand history" -l since -d 'Only entries whose time is at or after TIME: a duration ago (2h), a duration ahead (+2h), or RFC 3339' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand history" -l until -d 'Only entries whose time is at or before TIME (same forms as --since)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand history" -l min-retries -d 'Only jobs that failed at least N times (retry_count ≥ N)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand history" -l search -d 'Only jobs whose class, jid or arguments (the args JSON as stored) contain TEXT, in any case: what the Web UI\'s search box matches' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand history" -l args -d 'Only jobs whose arguments (the args JSON as stored, e.g. `[42,{"customer_id":7}]`) match this regular expression' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand history" -l fingerprint -d 'Only jobs whose failure has this fingerprint, as `dead triage` / `retry triage` print it (its first 4 to 8 hex digits; repeat for several)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand history" -l min-duration -d 'Only runs that took at least this long (250ms, 2s, 5m …)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand history" -l max-duration -d 'Only runs that took at most this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand history" -l sort -d 'Newest finished first, or the longest runs first (which needs a limit: the set is read in pages and the N longest kept)' -r -f -a "finished\t''
duration\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand history" -l limit -d 'Show at most N (default 50 in a table; every match with --json/--ndjson)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand history" -l watch -d 'Refresh every 2s, or every INTERVAL given as --watch=INTERVAL (at least 100ms), until Ctrl-C: in place on a terminal, changes highlighted; else every refresh printed in full' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand history" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand history" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand history" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand history" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand history" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand history" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand history" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand history" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand history" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand history" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand history" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand history" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand history" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand history" -l all -d 'Show every match'
complete -c cogctl -n "__fish_cogctl_using_subcommand history" -l oldest-first -d 'Oldest finished first'
complete -c cogctl -n "__fish_cogctl_using_subcommand history" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand history" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand history" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand history" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand history" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand history" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand history" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand history" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand history" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand enqueue" -l args -d 'All the arguments as one JSON array, instead of ARG…' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand enqueue" -l queue -d 'The queue [default: default]' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand enqueue" -l retry -d 'The retry budget: true (25 retries), false (none) or a number [default: true]' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand enqueue" -l in -d 'Run it after this long (5m, 2h, 1d): into the schedule' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand enqueue" -l at -d 'Run it at this time (RFC 3339, e.g. 2026-12-02T10:00:00Z, or epoch seconds): into the schedule' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand enqueue" -l set -d 'An extra payload field, its value as JSON (repeatable, kept in order)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand enqueue" -l from -d 'Read NDJSON job specs from FILE (`-`: standard input) instead' -r -F
complete -c cogctl -n "__fish_cogctl_using_subcommand enqueue" -l batch -d 'Jobs per round trip with --from (1–2000)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand enqueue" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand enqueue" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand enqueue" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand enqueue" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand enqueue" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand enqueue" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand enqueue" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand enqueue" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand enqueue" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand enqueue" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand enqueue" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand enqueue" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand enqueue" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand enqueue" -l unique -d 'Take the gem\'s until_executed lock; refuse (exit 5) if the same job is enqueued'
complete -c cogctl -n "__fish_cogctl_using_subcommand enqueue" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand enqueue" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand enqueue" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand enqueue" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand enqueue" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand enqueue" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand enqueue" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand enqueue" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand enqueue" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand worker" -s q -l queue -d 'A queue to read, with an optional weight (how often it is tried first, relative to the others): -q critical,3 -q default [default: default]' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand worker" -s c -l concurrency -d 'How many jobs run at once [default: 10]' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand worker" -l handler -d 'How jobs of CLASS run: a command started per job (split by shell-word rules, run without a shell), serve:COMMAND (a long-running process per thread speaking JSON lines), http://HOST:PORT/PATH or https://… (each job POSTed), or builtin:noop|sleep|fail|echo. CLASS `*` is the handler of every other class' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand worker" -l timeout -d 'Kill a handler that runs longer than this (TERM to its process group, then KILL after --kill-grace); the job fails with Cogctl::HandlerTimeout [default: none]' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand worker" -l timeout-for -d 'A per-class --timeout: CLASS=DURATION (0: none); the class needs a handler or the * catch-all' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand worker" -l kill-grace -d 'Between the TERM and the KILL of a handler being stopped [default: 5s]' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand worker" -l timeout-drain -d 'On TERM/INT, how long running jobs may take to finish before they are requeued [default: 25s]' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand worker" -l config -d 'Read settings from a JSON file: {"queues":["critical,3","default"], "concurrency":5, "handlers":{"Class":"command"}, "timeout":"30s", "timeout_for":{"Class":"5m"}, "kill_grace":"5s", "timeout_drain":"25s", "identity_tag":"…", "orphan_threshold":"300s", "max_orphanings":3, "on_death":["command"], "on_death_for":{"Class":"command"}, "on_death_timeout":"10s", "history":true, "recycle_after":10000, "recycle_above":"1GB", "handler_check":"on", "listen":"0.0.0.0:9810", "metrics_max_classes":500, "log_format":"json"}; flags win' -r -F
complete -c cogctl -n "__fish_cogctl_using_subcommand worker" -l handler-check -d 'Check every handler before fetching a job (a program that exists and is executable, a serve: process that stays up, an http: URL that takes a connection) and refuse to start when one can\'t run; `off` for handlers that appear later' -r -f -a "on\t''
off\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand worker" -l recycle-after -d 'Replace a long-running (serve:) handler process after it has run N jobs' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand worker" -l recycle-above -d 'Replace a long-running (serve:) handler process, between jobs, when its resident memory is above SIZE (200MB, 1.5GB)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand worker" -l max-jobs -d 'Stop after starting N jobs (and finishing them)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand worker" -l identity-tag -d 'The first part of this process\'s identity (<tag>:<pid>:<12 hex>) [default: $DYNO or the hostname]' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand worker" -l orphan-threshold -d 'How long another process may stay silent before this one recovers its jobs (the gem\'s orphan_threshold) [default: 300s]' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand worker" -l max-orphanings -d 'Park a job in the repeat-orphan list once it has been orphaned more than N times [default: 3]' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand worker" -l startup-wait -d 'How long to keep trying Redis at start before giving up (exit 3)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand worker" -l on-death -d 'Run COMMAND when a job this process handled dies for good (out of retries, `retry: false`/0, a "kill", buried as a repeat orphan, a failure filed later, a class without a handler); repeatable, run in order. Split by shell-word rules and run without a shell, after the job is in dead and acknowledged, with the dead entry on stdin and COGCTL_JID, COGCTL_CLASS, COGCTL_QUEUE, COGCTL_ERROR_CLASS, COGCTL_ERROR_MESSAGE and COGCTL_DEATH_REASON (exhausted, killed, orphaned, filed, no_handler) set' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand worker" -l on-death-for -d 'A death hook for one class, run before the --on-death ones (only while the class has a handler here, as the gem runs a class\'s own hook only for a class it can load)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand worker" -l on-death-timeout -d 'Kill a death hook (its whole process group) that runs longer than this [default: 10s]' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand worker" -l listen -d 'Serve /healthz (the process\'s loops are alive), /readyz (it is fetching) and /metrics (its own Prometheus metrics) on this address, HOST:PORT (e.g. 0.0.0.0:9810)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand worker" -l metrics-max-classes -d 'With --listen: the most classes /metrics labels by name; jobs of classes seen after that many are counted as class="other" [default: 500]' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand worker" -l log-format -d 'How the log lines on stderr are written: logfmt, or json (one object per line, the same fields) [default: logfmt]' -r -f -a "logfmt\t''
json\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand worker" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand worker" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand worker" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand worker" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand worker" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand worker" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand worker" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand worker" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand worker" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand worker" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand worker" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand worker" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand worker" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand worker" -l burst -d 'Stop once every unpaused queue it reads is empty, nothing is running and no scheduled or retry entry is due (for CI)'
complete -c cogctl -n "__fish_cogctl_using_subcommand worker" -l allow-failures -d 'With --burst: exit 0 even when jobs failed during the run (they wait in retry); a job that went to dead still exits 1'
complete -c cogctl -n "__fish_cogctl_using_subcommand worker" -l history -d 'Record every finished run in cogworker:history:* as the gem\'s opt-in History middleware does, so the Web UI\'s History tab and `cogctl history` show them'
complete -c cogctl -n "__fish_cogctl_using_subcommand worker" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand worker" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand worker" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand worker" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand worker" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand worker" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand worker" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand worker" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand worker" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and not __fish_seen_subcommand_from quiet resume stop alive prune help" -l watch -d 'Refresh every 2s, or every INTERVAL given as --watch=INTERVAL (at least 100ms), until Ctrl-C: in place on a terminal, changes highlighted; else every refresh printed in full' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and not __fish_seen_subcommand_from quiet resume stop alive prune help" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and not __fish_seen_subcommand_from quiet resume stop alive prune help" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and not __fish_seen_subcommand_from quiet resume stop alive prune help" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and not __fish_seen_subcommand_from quiet resume stop alive prune help" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and not __fish_seen_subcommand_from quiet resume stop alive prune help" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and not __fish_seen_subcommand_from quiet resume stop alive prune help" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and not __fish_seen_subcommand_from quiet resume stop alive prune help" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and not __fish_seen_subcommand_from quiet resume stop alive prune help" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and not __fish_seen_subcommand_from quiet resume stop alive prune help" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and not __fish_seen_subcommand_from quiet resume stop alive prune help" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and not __fish_seen_subcommand_from quiet resume stop alive prune help" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and not __fish_seen_subcommand_from quiet resume stop alive prune help" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and not __fish_seen_subcommand_from quiet resume stop alive prune help" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and not __fish_seen_subcommand_from quiet resume stop alive prune help" -l memory -d 'Show each process\'s memory over the last 24 h (96 slots of 15 min) as a sparkline, with current, min, max and growth in MB/h'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and not __fish_seen_subcommand_from quiet resume stop alive prune help" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and not __fish_seen_subcommand_from quiet resume stop alive prune help" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and not __fish_seen_subcommand_from quiet resume stop alive prune help" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and not __fish_seen_subcommand_from quiet resume stop alive prune help" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and not __fish_seen_subcommand_from quiet resume stop alive prune help" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and not __fish_seen_subcommand_from quiet resume stop alive prune help" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and not __fish_seen_subcommand_from quiet resume stop alive prune help" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and not __fish_seen_subcommand_from quiet resume stop alive prune help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and not __fish_seen_subcommand_from quiet resume stop alive prune help" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and not __fish_seen_subcommand_from quiet resume stop alive prune help" -f -a "quiet" -d 'Tell processes to stop fetching new jobs (running jobs finish)'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and not __fish_seen_subcommand_from quiet resume stop alive prune help" -f -a "resume" -d 'Tell quiet processes to fetch again'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and not __fish_seen_subcommand_from quiet resume stop alive prune help" -f -a "stop" -d 'Tell processes to shut down cleanly'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and not __fish_seen_subcommand_from quiet resume stop alive prune help" -f -a "alive" -d 'Exit 0 when a process of a host (or an identity) is alive, else 1 saying why'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and not __fish_seen_subcommand_from quiet resume stop alive prune help" -f -a "prune" -d 'Remove identities whose presence key is gone from cogworker:processes, as the gem does'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and not __fish_seen_subcommand_from quiet resume stop alive prune help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from quiet" -l wait -d 'Then wait until they have no job running (each has written quiet, no busy thread and no running job with its beat), at most TIMEOUT [default TIMEOUT: 60s]; exit 1 on timeout, naming those still busy' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from quiet" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from quiet" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from quiet" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from quiet" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from quiet" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from quiet" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from quiet" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from quiet" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from quiet" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from quiet" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from quiet" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from quiet" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from quiet" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from quiet" -l all -d 'Every live process'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from quiet" -s y -l yes -d 'Don\'t ask for confirmation'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from quiet" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from quiet" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from quiet" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from quiet" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from quiet" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from quiet" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from quiet" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from quiet" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from quiet" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from resume" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from resume" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from resume" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from resume" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from resume" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from resume" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from resume" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from resume" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from resume" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from resume" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from resume" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from resume" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from resume" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from resume" -l all -d 'Every live process'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from resume" -s y -l yes -d 'Don\'t ask for confirmation'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from resume" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from resume" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from resume" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from resume" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from resume" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from resume" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from resume" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from resume" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from resume" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from stop" -l wait -d 'Then wait until they are gone (their presence key deleted by their clean stop), at most TIMEOUT [default TIMEOUT: 60s]; exit 1 on timeout, naming those still running' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from stop" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from stop" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from stop" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from stop" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from stop" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from stop" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from stop" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from stop" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from stop" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from stop" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from stop" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from stop" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from stop" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from stop" -l all -d 'Every live process'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from stop" -s y -l yes -d 'Don\'t ask for confirmation'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from stop" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from stop" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from stop" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from stop" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from stop" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from stop" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from stop" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from stop" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from stop" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from alive" -l hostname -d 'The processes of this host (the `hostname` their heartbeat reports) [default: this machine\'s hostname, or $DYNO]' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from alive" -l identity -d 'One process, by its identity' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from alive" -l max-beat-age -d 'The oldest last beat that still counts as alive (processes beat every 5 s)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from alive" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from alive" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from alive" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from alive" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from alive" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from alive" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from alive" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from alive" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from alive" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from alive" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from alive" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from alive" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from alive" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from alive" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from alive" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from alive" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from alive" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from alive" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from alive" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from alive" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from alive" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from alive" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from prune" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from prune" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from prune" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from prune" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from prune" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from prune" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from prune" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from prune" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from prune" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from prune" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from prune" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from prune" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from prune" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from prune" -l dry-run -d 'Show what would be removed; change nothing'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from prune" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from prune" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from prune" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from prune" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from prune" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from prune" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from prune" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from prune" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from prune" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from help" -f -a "quiet" -d 'Tell processes to stop fetching new jobs (running jobs finish)'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from help" -f -a "resume" -d 'Tell quiet processes to fetch again'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from help" -f -a "stop" -d 'Tell processes to shut down cleanly'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from help" -f -a "alive" -d 'Exit 0 when a process of a host (or an identity) is alive, else 1 saying why'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from help" -f -a "prune" -d 'Remove identities whose presence key is gone from cogworker:processes, as the gem does'
complete -c cogctl -n "__fish_cogctl_using_subcommand procs; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c cogctl -n "__fish_cogctl_using_subcommand busy" -l watch -d 'Refresh every 2s, or every INTERVAL given as --watch=INTERVAL (at least 100ms), until Ctrl-C: in place on a terminal, changes highlighted; else every refresh printed in full' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand busy" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand busy" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand busy" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand busy" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand busy" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand busy" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand busy" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand busy" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand busy" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand busy" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand busy" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand busy" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand busy" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand busy" -l include-stale -d 'Also show entries left by processes that are gone (stale workers hashes)'
complete -c cogctl -n "__fish_cogctl_using_subcommand busy" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand busy" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand busy" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand busy" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand busy" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand busy" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand busy" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand busy" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand busy" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand top" -l interval -d 'Time between refreshes (at least 100ms)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand top" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand top" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand top" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand top" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand top" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand top" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand top" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand top" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand top" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand top" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand top" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand top" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand top" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand top" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand top" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand top" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand top" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand top" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand top" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand top" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand top" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand top" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and not __fish_seen_subcommand_from list file help" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and not __fish_seen_subcommand_from list file help" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and not __fish_seen_subcommand_from list file help" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and not __fish_seen_subcommand_from list file help" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and not __fish_seen_subcommand_from list file help" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and not __fish_seen_subcommand_from list file help" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and not __fish_seen_subcommand_from list file help" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and not __fish_seen_subcommand_from list file help" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and not __fish_seen_subcommand_from list file help" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and not __fish_seen_subcommand_from list file help" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and not __fish_seen_subcommand_from list file help" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and not __fish_seen_subcommand_from list file help" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and not __fish_seen_subcommand_from list file help" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and not __fish_seen_subcommand_from list file help" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and not __fish_seen_subcommand_from list file help" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and not __fish_seen_subcommand_from list file help" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and not __fish_seen_subcommand_from list file help" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and not __fish_seen_subcommand_from list file help" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and not __fish_seen_subcommand_from list file help" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and not __fish_seen_subcommand_from list file help" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and not __fish_seen_subcommand_from list file help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and not __fish_seen_subcommand_from list file help" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and not __fish_seen_subcommand_from list file help" -f -a "list" -d 'List the records waiting in cogworker:unsettled, and whether each is valid to file'
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and not __fish_seen_subcommand_from list file help" -f -a "file" -d 'File the records into their sets now, as any live process\'s orphan pass does (invalid records are quarantined, never filed)'
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and not __fish_seen_subcommand_from list file help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from list" -l limit -d 'Show at most N records (every record is still counted)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from list" -l watch -d 'Refresh every 2s, or every INTERVAL given as --watch=INTERVAL (at least 100ms), until Ctrl-C: in place on a terminal, changes highlighted; else every refresh printed in full' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from list" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from list" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from list" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from list" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from list" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from list" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from list" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from list" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from list" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from list" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from list" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from list" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from list" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from list" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from list" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from list" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from list" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from list" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from list" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from list" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from file" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from file" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from file" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from file" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from file" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from file" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from file" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from file" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from file" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from file" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from file" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from file" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from file" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from file" -l dry-run -d 'Show the records; change nothing'
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from file" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from file" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from file" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from file" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from file" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from file" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from file" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from file" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from file" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from help" -f -a "list" -d 'List the records waiting in cogworker:unsettled, and whether each is valid to file'
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from help" -f -a "file" -d 'File the records into their sets now, as any live process\'s orphan pass does (invalid records are quarantined, never filed)'
complete -c cogctl -n "__fish_cogctl_using_subcommand unsettled; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c cogctl -n "__fish_cogctl_using_subcommand orphans" -l orphan-threshold -d 'How long an owner without a presence key may stay silent (by its last_beat stamp) before it is presumed dead (the gem\'s orphan_threshold)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand orphans" -l watch -d 'Refresh every 2s, or every INTERVAL given as --watch=INTERVAL (at least 100ms), until Ctrl-C: in place on a terminal, changes highlighted; else every refresh printed in full' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand orphans" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand orphans" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand orphans" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand orphans" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand orphans" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand orphans" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand orphans" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand orphans" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand orphans" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand orphans" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand orphans" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand orphans" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand orphans" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand orphans" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand orphans" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand orphans" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand orphans" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand orphans" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand orphans" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand orphans" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand orphans" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand orphans" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand reconcile" -l orphan-threshold -d 'How long an owner without a presence key may stay silent (by its last_beat stamp) before it is presumed dead (the gem\'s orphan_threshold)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand reconcile" -l max-orphanings -d 'Park a job instead of requeueing it once it has been orphaned more than N times (the gem\'s max_orphanings)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand reconcile" -l batch -d 'Requeue at most N jobs per script call, each call judging the owner\'s liveness again (default: a whole list in one call, as the gem does)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand reconcile" -l on-death -d 'Run COMMAND for each job this pass files in dead for good (a repeat orphan buried, an unsettled failure filed), as `worker --on-death` does: repeatable, run in order without a shell, the dead entry on stdin, COGCTL_JID, COGCTL_CLASS, COGCTL_QUEUE, COGCTL_ERROR_CLASS, COGCTL_ERROR_MESSAGE and COGCTL_DEATH_REASON (orphaned, filed) set' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand reconcile" -l on-death-timeout -d 'Kill a death hook (its whole process group) that runs longer than this' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand reconcile" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand reconcile" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand reconcile" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand reconcile" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand reconcile" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand reconcile" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand reconcile" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand reconcile" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand reconcile" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand reconcile" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand reconcile" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand reconcile" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand reconcile" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand reconcile" -l dry-run -d 'Say what the pass would do: the jobs it would requeue and from which dead processes, the repeat orphans it would bury, the unsettled records it would file; change nothing (`cogctl orphans` shows every in-progress list)'
complete -c cogctl -n "__fish_cogctl_using_subcommand reconcile" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand reconcile" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand reconcile" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand reconcile" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand reconcile" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand reconcile" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand reconcile" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand reconcile" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand reconcile" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -l max-dead -d 'Fail when the dead set holds more than N entries' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -l max-retry -d 'Fail when the retry set holds more than N entries' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -l max-latency -d 'Fail when a queue\'s oldest job has waited longer than DURATION' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -l max-orphans -d 'Fail when more than N jobs sit on in-progress lists of presumed-dead processes or are parked as repeat orphans' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -l max-unsettled -d 'Fail when cogworker:unsettled holds more than N records' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -l max-periodic-delay -d 'Fail when an enabled periodic entry\'s most recent due slot has gone unclaimed for longer than DURATION (every ticker is down, or an until_executed run lock blocks it)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -l tz -d 'The zone for periodic crons that name none (default: $TZ, else the system\'s)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -l queue -d 'Limit the latency check to these queues (repeat for several; default: every queue)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -l min-processes -d 'Fail when fewer than N live processes are working (present and not quiet): "nobody is working" caught before the queues back up' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -l min-throughput -d 'Fail when fewer than N jobs a minute were processed, over the previous full hour and the full minutes of this one (cogworker counts throughput per hour); N/m or N' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -l orphan-threshold -d 'Silence after which an owner without a presence key is presumed dead (for --max-orphans)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand check" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand doctor" -l orphan-threshold -d 'Silence after which an owner without a presence key is presumed dead (the gem\'s orphan_threshold), for the in-progress lists' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand doctor" -l tz -d 'The zone for periodic crons that name none (default: $TZ, else the system\'s)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand doctor" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand doctor" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand doctor" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand doctor" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand doctor" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand doctor" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand doctor" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand doctor" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand doctor" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand doctor" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand doctor" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand doctor" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand doctor" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand doctor" -l strict -d 'Exit 1 on a warning too, not only on a failure'
complete -c cogctl -n "__fish_cogctl_using_subcommand doctor" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand doctor" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand doctor" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand doctor" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand doctor" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand doctor" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand doctor" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand doctor" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand doctor" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand incident" -l since -d 'How far back to look' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand incident" -l max-latency -d 'A queue whose oldest job has waited longer is backlogged' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand incident" -l memory-limit -d 'The workers\' memory limit (200MB, 2GB): a process above 80 % of it is a finding, and a growing one is told when it reaches it' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand incident" -l orphan-threshold -d 'Silence after which an owner without a presence key is presumed dead (the gem\'s orphan_threshold)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand incident" -l tz -d 'The zone every time of the report is shown in, each naming it, and the zone of periodic crons that name none (a tz database name; default: $TZ, else the system\'s; the times in UTC with --utc)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand incident" -l watch -d 'Read again every 10s (or every INTERVAL, --watch=INTERVAL, at least 100ms) and print only what changed, as events: open (at the start), appeared, worsened, eased, recovered, returned' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand incident" -l timeout -d 'With --watch: stop after this long (exit 1 with --until-recovered, else 0)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand incident" -l quiet-for -d 'With --watch: a failure finding has recovered after this long without a failure, its class running and succeeding since' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand incident" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand incident" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand incident" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand incident" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand incident" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand incident" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand incident" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand incident" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand incident" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand incident" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand incident" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand incident" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand incident" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand incident" -l until-recovered -d 'With --watch: exit 0 once every failure open at the start has recovered (1 if --timeout passes first). It waits for failure surges, deaths, backlogs and held queues holding a failing pattern; history (restart waves, lost processes, memory, late periodic jobs, steady failure rates, Redis\' own state) never keeps it waiting'
complete -c cogctl -n "__fish_cogctl_using_subcommand incident" -l events -d 'With --watch: the events as NDJSON, one object a line (at, time, event, finding, kind, severity, summary)'
complete -c cogctl -n "__fish_cogctl_using_subcommand incident" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand incident" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand incident" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand incident" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand incident" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand incident" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand incident" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand incident" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand incident" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand metrics" -l listen -d 'Serve /metrics and /healthz on this address (HOST:PORT, e.g. 0.0.0.0:9808) instead of printing once' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand metrics" -l concurrency -d 'With --listen: scrapes served at the same time (each uses its own Redis connection)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand metrics" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand metrics" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand metrics" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand metrics" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand metrics" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand metrics" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand metrics" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand metrics" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand metrics" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand metrics" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand metrics" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand metrics" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand metrics" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand metrics" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand metrics" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand metrics" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand metrics" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand metrics" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand metrics" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand metrics" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand metrics" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand metrics" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and not __fish_seen_subcommand_from list show use help" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and not __fish_seen_subcommand_from list show use help" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and not __fish_seen_subcommand_from list show use help" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and not __fish_seen_subcommand_from list show use help" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and not __fish_seen_subcommand_from list show use help" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and not __fish_seen_subcommand_from list show use help" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and not __fish_seen_subcommand_from list show use help" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and not __fish_seen_subcommand_from list show use help" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and not __fish_seen_subcommand_from list show use help" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and not __fish_seen_subcommand_from list show use help" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and not __fish_seen_subcommand_from list show use help" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and not __fish_seen_subcommand_from list show use help" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and not __fish_seen_subcommand_from list show use help" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and not __fish_seen_subcommand_from list show use help" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and not __fish_seen_subcommand_from list show use help" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and not __fish_seen_subcommand_from list show use help" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and not __fish_seen_subcommand_from list show use help" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and not __fish_seen_subcommand_from list show use help" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and not __fish_seen_subcommand_from list show use help" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and not __fish_seen_subcommand_from list show use help" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and not __fish_seen_subcommand_from list show use help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and not __fish_seen_subcommand_from list show use help" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and not __fish_seen_subcommand_from list show use help" -f -a "list" -d 'Every context of the config file: its target and safety flags; `*` marks the current'
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and not __fish_seen_subcommand_from list show use help" -f -a "show" -d 'One context\'s settings (default: the one in use), passwords redacted'
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and not __fish_seen_subcommand_from list show use help" -f -a "use" -d 'Make NAME the current context: rewrites current_context in the file, and only it (comments and order are kept)'
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and not __fish_seen_subcommand_from list show use help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from list" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from list" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from list" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from list" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from list" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from list" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from list" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from list" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from list" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from list" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from list" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from list" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from list" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from list" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from list" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from list" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from list" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from list" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from list" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from list" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from show" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from show" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from show" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from show" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from show" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from show" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from show" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from show" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from show" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from show" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from show" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from show" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from show" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from show" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from show" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from show" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from show" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from show" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from show" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from show" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from show" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from show" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from use" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from use" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from use" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from use" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from use" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from use" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from use" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from use" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from use" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from use" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from use" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from use" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from use" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from use" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from use" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from use" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from use" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from use" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from use" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from use" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from use" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from use" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from help" -f -a "list" -d 'Every context of the config file: its target and safety flags; `*` marks the current'
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from help" -f -a "show" -d 'One context\'s settings (default: the one in use), passwords redacted'
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from help" -f -a "use" -d 'Make NAME the current context: rewrites current_context in the file, and only it (comments and order are kept)'
complete -c cogctl -n "__fish_cogctl_using_subcommand context; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c cogctl -n "__fish_cogctl_using_subcommand audit" -l since -d 'Only entries at or after TIME (RFC 3339, or a duration ago: 2h)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand audit" -l user -d 'Only entries whose user@host contains TEXT' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand audit" -l command -d 'Only entries whose command (e.g. "dead retry") contains TEXT' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand audit" -l limit -d 'Show at most N (default 50 in a table; every match with --json/--ndjson)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand audit" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand audit" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand audit" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand audit" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand audit" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand audit" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand audit" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand audit" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand audit" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand audit" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand audit" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand audit" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand audit" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand audit" -l all -d 'Show every match'
complete -c cogctl -n "__fish_cogctl_using_subcommand audit" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand audit" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand audit" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand audit" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand audit" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand audit" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand audit" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand audit" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand audit" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and not __fish_seen_subcommand_from list purge help" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and not __fish_seen_subcommand_from list purge help" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and not __fish_seen_subcommand_from list purge help" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and not __fish_seen_subcommand_from list purge help" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and not __fish_seen_subcommand_from list purge help" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and not __fish_seen_subcommand_from list purge help" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and not __fish_seen_subcommand_from list purge help" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and not __fish_seen_subcommand_from list purge help" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and not __fish_seen_subcommand_from list purge help" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and not __fish_seen_subcommand_from list purge help" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and not __fish_seen_subcommand_from list purge help" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and not __fish_seen_subcommand_from list purge help" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and not __fish_seen_subcommand_from list purge help" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and not __fish_seen_subcommand_from list purge help" -l anyone -d 'With `last`: the newest change made by anyone, not only the newest made by this user on this host'
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and not __fish_seen_subcommand_from list purge help" -l dry-run -d 'Show what the undo would put back, and change nothing'
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and not __fish_seen_subcommand_from list purge help" -s y -l yes -d 'Don\'t ask for confirmation'
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and not __fish_seen_subcommand_from list purge help" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and not __fish_seen_subcommand_from list purge help" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and not __fish_seen_subcommand_from list purge help" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and not __fish_seen_subcommand_from list purge help" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and not __fish_seen_subcommand_from list purge help" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and not __fish_seen_subcommand_from list purge help" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and not __fish_seen_subcommand_from list purge help" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and not __fish_seen_subcommand_from list purge help" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and not __fish_seen_subcommand_from list purge help" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and not __fish_seen_subcommand_from list purge help" -a "list" -d 'The changes that can still be undone, newest first'
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and not __fish_seen_subcommand_from list purge help" -a "purge" -d 'Drop what a change kept to be undone: its memory is freed now, and it can\'t be undone'
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and not __fish_seen_subcommand_from list purge help" -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and __fish_seen_subcommand_from list" -l limit -d 'Show at most N records' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and __fish_seen_subcommand_from list" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and __fish_seen_subcommand_from list" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and __fish_seen_subcommand_from list" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and __fish_seen_subcommand_from list" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and __fish_seen_subcommand_from list" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and __fish_seen_subcommand_from list" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and __fish_seen_subcommand_from list" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and __fish_seen_subcommand_from list" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and __fish_seen_subcommand_from list" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and __fish_seen_subcommand_from list" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and __fish_seen_subcommand_from list" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and __fish_seen_subcommand_from list" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and __fish_seen_subcommand_from list" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and __fish_seen_subcommand_from list" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and __fish_seen_subcommand_from list" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and __fish_seen_subcommand_from list" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and __fish_seen_subcommand_from list" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and __fish_seen_subcommand_from list" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and __fish_seen_subcommand_from list" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and __fish_seen_subcommand_from list" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and __fish_seen_subcommand_from list" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and __fish_seen_subcommand_from list" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and __fish_seen_subcommand_from purge" -l context -d 'Use the named context of the config file (its Redis, TLS, Sentinel and safety flags); default: the file\'s current_context. See `cogctl context`' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and __fish_seen_subcommand_from purge" -l fleet -d 'Read every shard of the named fleet of the config file at once ([fleets.NAME] contexts = […]); `--context a,b` names a fleet too. See docs/fleet.md' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and __fish_seen_subcommand_from purge" -l shard -d 'Across a fleet, read only these of its shards (comma-separated context names; the fleet\'s name and its SHARD column stay)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and __fish_seen_subcommand_from purge" -l confirm-context -d 'Let a change through on a protected context without a terminal: NAME must be the context\'s name (--yes alone is not enough there)' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and __fish_seen_subcommand_from purge" -l keep-undo -d 'Keep what a change needs to be undone (`cogctl undo`) for DURATION; default: the context\'s keep_undo, else 24h' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and __fish_seen_subcommand_from purge" -l redis-url -d 'Redis to use: redis://[USER:PASSWORD@]HOST[:PORT][/DB], rediss://… for TLS, unix:///PATH?db=N. Falls back to $COGCTL_REDIS_URL, then $REDIS_URL, then redis://127.0.0.1:6379/0' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and __fish_seen_subcommand_from purge" -l sentinel -d 'Find the primary through Redis Sentinel (HOST:PORT, comma-separated or repeated); needs --sentinel-master. Database, user and password come from --redis-url' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and __fish_seen_subcommand_from purge" -l sentinel-master -d 'The master name the Sentinels monitor' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and __fish_seen_subcommand_from purge" -l sentinel-password -d 'Password of the Sentinels themselves, if they require one' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and __fish_seen_subcommand_from purge" -l connect-timeout -d 'Give up connecting after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and __fish_seen_subcommand_from purge" -l read-timeout -d 'Give up waiting for a reply after this long' -r
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and __fish_seen_subcommand_from purge" -l format -d 'Output format' -r -f -a "table\t'Aligned columns for people'
json\t'One JSON document'
ndjson\t'One JSON object per line'
markdown\t'Markdown, to paste into an incident channel (`cogctl incident` only)'"
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and __fish_seen_subcommand_from purge" -l color -d 'When to colour the output (NO_COLOR is honoured by auto)' -r -f -a "auto\t'Colour when stdout is a terminal and NO_COLOR is not set'
always\t''
never\t''"
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and __fish_seen_subcommand_from purge" -l all -d 'Every record on this Redis'
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and __fish_seen_subcommand_from purge" -s y -l yes -d 'Don\'t ask for confirmation'
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and __fish_seen_subcommand_from purge" -l require-audit -d 'Refuse a change (before making it) unless its entry in the audit stream cogctl:audit can be written; default: the context\'s require_audit, else best effort'
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and __fish_seen_subcommand_from purge" -l no-undo -d 'Keep nothing to undo this change: what it removes is freed now (it can\'t be undone)'
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and __fish_seen_subcommand_from purge" -l tls-insecure -d 'Accept a TLS certificate that doesn\'t verify (self-signed); rediss:// only'
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and __fish_seen_subcommand_from purge" -l json -d 'Same as --format json'
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and __fish_seen_subcommand_from purge" -l ndjson -d 'Same as --format ndjson'
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and __fish_seen_subcommand_from purge" -l quiet -d 'No progress bars or notes on stderr'
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and __fish_seen_subcommand_from purge" -l utc -d 'Show times as absolute UTC instead of "3m ago"'
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and __fish_seen_subcommand_from purge" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and __fish_seen_subcommand_from purge" -s V -l version -d 'Print version'
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and __fish_seen_subcommand_from help" -f -a "list" -d 'The changes that can still be undone, newest first'
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and __fish_seen_subcommand_from help" -f -a "purge" -d 'Drop what a change kept to be undone: its memory is freed now, and it can\'t be undone'
complete -c cogctl -n "__fish_cogctl_using_subcommand undo; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and not __fish_seen_subcommand_from stats queues queue retry dead scheduled job periodic jobs history enqueue worker procs busy top unsettled orphans reconcile check doctor incident metrics context audit undo help" -f -a "stats" -d 'Overview: counters, set sizes, processes, the last 24 h of throughput, every queue, and the Redis itself'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and not __fish_seen_subcommand_from stats queues queue retry dead scheduled job periodic jobs history enqueue worker procs busy top unsettled orphans reconcile check doctor incident metrics context audit undo help" -f -a "queues" -d 'List queues: size, latency (age of the oldest waiting job) and whether they are paused'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and not __fish_seen_subcommand_from stats queues queue retry dead scheduled job periodic jobs history enqueue worker procs busy top unsettled orphans reconcile check doctor incident metrics context audit undo help" -f -a "queue" -d 'One queue: list its waiting jobs, show its page, pause, resume or clear it, delete jobs'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and not __fish_seen_subcommand_from stats queues queue retry dead scheduled job periodic jobs history enqueue worker procs busy top unsettled orphans reconcile check doctor incident metrics context audit undo help" -f -a "retry" -d 'Jobs that failed and wait for their next attempt (cogworker:retry)'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and not __fish_seen_subcommand_from stats queues queue retry dead scheduled job periodic jobs history enqueue worker procs busy top unsettled orphans reconcile check doctor incident metrics context audit undo help" -f -a "dead" -d 'Jobs that will not run again (cogworker:dead)'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and not __fish_seen_subcommand_from stats queues queue retry dead scheduled job periodic jobs history enqueue worker procs busy top unsettled orphans reconcile check doctor incident metrics context audit undo help" -f -a "scheduled" -d 'Jobs pushed to run later (cogworker:schedule)'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and not __fish_seen_subcommand_from stats queues queue retry dead scheduled job periodic jobs history enqueue worker procs busy top unsettled orphans reconcile check doctor incident metrics context audit undo help" -f -a "job" -d 'Find a job wherever it is, show its payload and its attempt timeline'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and not __fish_seen_subcommand_from stats queues queue retry dead scheduled job periodic jobs history enqueue worker procs busy top unsettled orphans reconcile check doctor incident metrics context audit undo help" -f -a "periodic" -d 'Periodic (cron) jobs: list them with their next and last run, run one now, enable or disable them (the Web UI\'s Schedules tab)'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and not __fish_seen_subcommand_from stats queues queue retry dead scheduled job periodic jobs history enqueue worker procs busy top unsettled orphans reconcile check doctor incident metrics context audit undo help" -f -a "jobs" -d 'Find jobs wherever they are — waiting on a queue, running, scheduled, retrying, dead — with the list filters (--search TEXT finds "every job of customer 42")'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and not __fish_seen_subcommand_from stats queues queue retry dead scheduled job periodic jobs history enqueue worker procs busy top unsettled orphans reconcile check doctor incident metrics context audit undo help" -f -a "history" -d 'Finished runs, newest first: the History tab (needs the gem\'s History middleware, or `cogctl worker --history`)'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and not __fish_seen_subcommand_from stats queues queue retry dead scheduled job periodic jobs history enqueue worker procs busy top unsettled orphans reconcile check doctor incident metrics context audit undo help" -f -a "enqueue" -d 'Push a new job, as the gem\'s client does (or many, from NDJSON job specs)'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and not __fish_seen_subcommand_from stats queues queue retry dead scheduled job periodic jobs history enqueue worker procs busy top unsettled orphans reconcile check doctor incident metrics context audit undo help" -f -a "worker" -d 'Run jobs: a cogworker process whose job code is any program (or a built-in)'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and not __fish_seen_subcommand_from stats queues queue retry dead scheduled job periodic jobs history enqueue worker procs busy top unsettled orphans reconcile check doctor incident metrics context audit undo help" -f -a "procs" -d 'List worker processes; with --memory, their 24 h memory history'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and not __fish_seen_subcommand_from stats queues queue retry dead scheduled job periodic jobs history enqueue worker procs busy top unsettled orphans reconcile check doctor incident metrics context audit undo help" -f -a "busy" -d 'Jobs running right now (from the workers hashes of live processes), with their run time'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and not __fish_seen_subcommand_from stats queues queue retry dead scheduled job periodic jobs history enqueue worker procs busy top unsettled orphans reconcile check doctor incident metrics context audit undo help" -f -a "top" -d 'The keyboard console: a live dashboard, then every view (queues, processes, sets, triage, history, audit, incident), drill-down, and actions with a dry run and undo'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and not __fish_seen_subcommand_from stats queues queue retry dead scheduled job periodic jobs history enqueue worker procs busy top unsettled orphans reconcile check doctor incident metrics context audit undo help" -f -a "unsettled" -d 'Failed jobs a shutting-down process could not file (cogworker:unsettled)'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and not __fish_seen_subcommand_from stats queues queue retry dead scheduled job periodic jobs history enqueue worker procs busy top unsettled orphans reconcile check doctor incident metrics context audit undo help" -f -a "orphans" -d 'Every in-progress list, its jobs, and whether its owner is alive or presumed dead'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and not __fish_seen_subcommand_from stats queues queue retry dead scheduled job periodic jobs history enqueue worker procs busy top unsettled orphans reconcile check doctor incident metrics context audit undo help" -f -a "reconcile" -d 'Requeue the jobs of dead processes, bury repeat orphans and file unsettled records, now'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and not __fish_seen_subcommand_from stats queues queue retry dead scheduled job periodic jobs history enqueue worker procs busy top unsettled orphans reconcile check doctor incident metrics context audit undo help" -f -a "check" -d 'Check the queues against thresholds; exit 1 when any check fails, 0 when all hold'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and not __fish_seen_subcommand_from stats queues queue retry dead scheduled job periodic jobs history enqueue worker procs busy top unsettled orphans reconcile check doctor incident metrics context audit undo help" -f -a "doctor" -d 'Check the deployment: Redis settings, this user\'s rights, cogworker\'s data; exit 1 on a failure'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and not __fish_seen_subcommand_from stats queues queue retry dead scheduled job periodic jobs history enqueue worker procs busy top unsettled orphans reconcile check doctor incident metrics context audit undo help" -f -a "incident" -d 'What broke, since when, what it follows, and what to run: the story of the last hours'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and not __fish_seen_subcommand_from stats queues queue retry dead scheduled job periodic jobs history enqueue worker procs busy top unsettled orphans reconcile check doctor incident metrics context audit undo help" -f -a "metrics" -d 'Prometheus metrics: the gem\'s own (same names and values) and cogctl\'s additions'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and not __fish_seen_subcommand_from stats queues queue retry dead scheduled job periodic jobs history enqueue worker procs busy top unsettled orphans reconcile check doctor incident metrics context audit undo help" -f -a "context" -d 'Named contexts of the config file: list them, show one, pick the current one'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and not __fish_seen_subcommand_from stats queues queue retry dead scheduled job periodic jobs history enqueue worker procs busy top unsettled orphans reconcile check doctor incident metrics context audit undo help" -f -a "audit" -d 'The audit trail: every change cogctl made (stream cogctl:audit), newest first'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and not __fish_seen_subcommand_from stats queues queue retry dead scheduled job periodic jobs history enqueue worker procs busy top unsettled orphans reconcile check doctor incident metrics context audit undo help" -f -a "undo" -d 'Take back a change cogctl made: exactly what it changed, where it is still as left'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and not __fish_seen_subcommand_from stats queues queue retry dead scheduled job periodic jobs history enqueue worker procs busy top unsettled orphans reconcile check doctor incident metrics context audit undo help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and __fish_seen_subcommand_from queue" -f -a "list" -d 'The jobs waiting on QUEUE, newest first (--next-first: in the order workers take them)'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and __fish_seen_subcommand_from queue" -f -a "show" -d 'The queue\'s page: jobs waiting and the next one\'s wait, paused or not, what runs from it now, and how many of its jobs are retrying, dead or scheduled'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and __fish_seen_subcommand_from queue" -f -a "pause" -d 'Stop workers fetching from these queues; pushes still land and wait'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and __fish_seen_subcommand_from queue" -f -a "resume" -d 'Let workers fetch from these queues again'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and __fish_seen_subcommand_from queue" -f -a "clear" -d 'Delete every job waiting on QUEUE'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and __fish_seen_subcommand_from queue" -f -a "delete-job" -d 'Delete waiting jobs from QUEUE by jid, or every job matching the filters'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and __fish_seen_subcommand_from queue" -f -a "dedupe" -d 'Remove duplicate jobs from QUEUE, keeping of each the one workers would take first'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and __fish_seen_subcommand_from retry" -f -a "list" -d 'List retry entries, latest next attempt first'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and __fish_seen_subcommand_from retry" -f -a "triage" -d 'Group retry entries into failure patterns: how many, since when, where'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and __fish_seen_subcommand_from retry" -f -a "show" -d 'Show one retry entry: where the job is, its payload and its attempt timeline'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and __fish_seen_subcommand_from retry" -f -a "retry" -d 'Put retry entries back on their queues now (the Web UI\'s "retry now")'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and __fish_seen_subcommand_from retry" -f -a "delete" -d 'Delete retry entries (their attempts logs and locks too)'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and __fish_seen_subcommand_from retry" -f -a "kill" -d 'Move retry entries to dead (their locks are released)'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and __fish_seen_subcommand_from retry" -f -a "reschedule" -d 'Give retry entries a new time (--in or --at)'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and __fish_seen_subcommand_from retry" -f -a "export" -d 'Write retry entries as lossless NDJSON {score, member} lines'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and __fish_seen_subcommand_from dead" -f -a "list" -d 'List dead entries, most recently died first'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and __fish_seen_subcommand_from dead" -f -a "triage" -d 'Group dead entries into failure patterns: how many, since when, where'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and __fish_seen_subcommand_from dead" -f -a "show" -d 'Show one dead entry: where the job is, its payload and its attempt timeline'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and __fish_seen_subcommand_from dead" -f -a "retry" -d 'Put dead entries back on their queues (the Web UI\'s "retry")'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and __fish_seen_subcommand_from dead" -f -a "delete" -d 'Delete dead entries (their attempts logs and locks too)'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and __fish_seen_subcommand_from dead" -f -a "export" -d 'Write dead entries as lossless NDJSON {score, member} lines'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and __fish_seen_subcommand_from dead" -f -a "import" -d 'Add entries written by `export` back to the dead set (members already there are skipped)'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and __fish_seen_subcommand_from scheduled" -f -a "list" -d 'List scheduled entries, latest due first'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and __fish_seen_subcommand_from scheduled" -f -a "show" -d 'Show one scheduled entry: where the job is, its payload and its timeline'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and __fish_seen_subcommand_from scheduled" -f -a "enqueue-now" -d 'Push scheduled entries to their queues now, as the poller does when they are due'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and __fish_seen_subcommand_from scheduled" -f -a "delete" -d 'Delete scheduled entries (their locks too)'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and __fish_seen_subcommand_from scheduled" -f -a "reschedule" -d 'Give scheduled entries a new due time (--in or --at)'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and __fish_seen_subcommand_from periodic" -f -a "list" -d 'Every periodic (cron) entry: class, cron, next and last run, enabled, a run in progress'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and __fish_seen_subcommand_from periodic" -f -a "show" -d 'One entry: its next 5 fire times, last run, running lock, and its jobs now waiting, retrying or dead'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and __fish_seen_subcommand_from periodic" -f -a "run-now" -d 'Push the entry\'s job now, as the Web UI\'s "run now" does: a plain job of its class, args and retry (no periodic fields, no claim, no lock); prints the jid'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and __fish_seen_subcommand_from periodic" -f -a "disable" -d 'Stop the tickers firing these entries (periodic:disabled)'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and __fish_seen_subcommand_from periodic" -f -a "enable" -d 'Let the tickers fire these entries again'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and __fish_seen_subcommand_from procs" -f -a "quiet" -d 'Tell processes to stop fetching new jobs (running jobs finish)'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and __fish_seen_subcommand_from procs" -f -a "resume" -d 'Tell quiet processes to fetch again'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and __fish_seen_subcommand_from procs" -f -a "stop" -d 'Tell processes to shut down cleanly'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and __fish_seen_subcommand_from procs" -f -a "alive" -d 'Exit 0 when a process of a host (or an identity) is alive, else 1 saying why'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and __fish_seen_subcommand_from procs" -f -a "prune" -d 'Remove identities whose presence key is gone from cogworker:processes, as the gem does'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and __fish_seen_subcommand_from unsettled" -f -a "list" -d 'List the records waiting in cogworker:unsettled, and whether each is valid to file'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and __fish_seen_subcommand_from unsettled" -f -a "file" -d 'File the records into their sets now, as any live process\'s orphan pass does (invalid records are quarantined, never filed)'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and __fish_seen_subcommand_from context" -f -a "list" -d 'Every context of the config file: its target and safety flags; `*` marks the current'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and __fish_seen_subcommand_from context" -f -a "show" -d 'One context\'s settings (default: the one in use), passwords redacted'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and __fish_seen_subcommand_from context" -f -a "use" -d 'Make NAME the current context: rewrites current_context in the file, and only it (comments and order are kept)'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and __fish_seen_subcommand_from undo" -f -a "list" -d 'The changes that can still be undone, newest first'
complete -c cogctl -n "__fish_cogctl_using_subcommand help; and __fish_seen_subcommand_from undo" -f -a "purge" -d 'Drop what a change kept to be undone: its memory is freed now, and it can\'t be undone'
