_cogctl() {
    local i cur prev opts cmd
    COMPREPLY=()
    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
        cur="$2"
    else
        cur="${COMP_WORDS[COMP_CWORD]}"
    fi
    prev="$3"
    cmd=""
    opts=""

    for i in "${COMP_WORDS[@]:0:COMP_CWORD}"
    do
        case "${cmd},${i}" in
            ",$1")
                cmd="cogctl"
                ;;
            cogctl,audit)
                cmd="cogctl__subcmd__audit"
                ;;
            cogctl,busy)
                cmd="cogctl__subcmd__busy"
                ;;
            cogctl,check)
                cmd="cogctl__subcmd__check"
                ;;
            cogctl,context)
                cmd="cogctl__subcmd__context"
                ;;
            cogctl,dead)
                cmd="cogctl__subcmd__dead"
                ;;
            cogctl,doctor)
                cmd="cogctl__subcmd__doctor"
                ;;
            cogctl,enqueue)
                cmd="cogctl__subcmd__enqueue"
                ;;
            cogctl,help)
                cmd="cogctl__subcmd__help"
                ;;
            cogctl,history)
                cmd="cogctl__subcmd__history"
                ;;
            cogctl,incident)
                cmd="cogctl__subcmd__incident"
                ;;
            cogctl,job)
                cmd="cogctl__subcmd__job"
                ;;
            cogctl,jobs)
                cmd="cogctl__subcmd__jobs"
                ;;
            cogctl,metrics)
                cmd="cogctl__subcmd__metrics"
                ;;
            cogctl,orphans)
                cmd="cogctl__subcmd__orphans"
                ;;
            cogctl,periodic)
                cmd="cogctl__subcmd__periodic"
                ;;
            cogctl,procs)
                cmd="cogctl__subcmd__procs"
                ;;
            cogctl,queue)
                cmd="cogctl__subcmd__queue"
                ;;
            cogctl,queues)
                cmd="cogctl__subcmd__queues"
                ;;
            cogctl,reconcile)
                cmd="cogctl__subcmd__reconcile"
                ;;
            cogctl,retry)
                cmd="cogctl__subcmd__retry"
                ;;
            cogctl,scheduled)
                cmd="cogctl__subcmd__scheduled"
                ;;
            cogctl,stats)
                cmd="cogctl__subcmd__stats"
                ;;
            cogctl,top)
                cmd="cogctl__subcmd__top"
                ;;
            cogctl,undo)
                cmd="cogctl__subcmd__undo"
                ;;
            cogctl,unsettled)
                cmd="cogctl__subcmd__unsettled"
                ;;
            cogctl,worker)
                cmd="cogctl__subcmd__worker"
                ;;
            cogctl__subcmd__context,help)
                cmd="cogctl__subcmd__context__subcmd__help"
                ;;
            cogctl__subcmd__context,list)
                cmd="cogctl__subcmd__context__subcmd__list"
                ;;
            cogctl__subcmd__context,show)
                cmd="cogctl__subcmd__context__subcmd__show"
                ;;
            cogctl__subcmd__context,use)
                cmd="cogctl__subcmd__context__subcmd__use"
                ;;
            cogctl__subcmd__context__subcmd__help,help)
                cmd="cogctl__subcmd__context__subcmd__help__subcmd__help"
                ;;
            cogctl__subcmd__context__subcmd__help,list)
                cmd="cogctl__subcmd__context__subcmd__help__subcmd__list"
                ;;
            cogctl__subcmd__context__subcmd__help,show)
                cmd="cogctl__subcmd__context__subcmd__help__subcmd__show"
                ;;
            cogctl__subcmd__context__subcmd__help,use)
                cmd="cogctl__subcmd__context__subcmd__help__subcmd__use"
                ;;
            cogctl__subcmd__dead,delete)
                cmd="cogctl__subcmd__dead__subcmd__delete"
                ;;
            cogctl__subcmd__dead,export)
                cmd="cogctl__subcmd__dead__subcmd__export"
                ;;
            cogctl__subcmd__dead,help)
                cmd="cogctl__subcmd__dead__subcmd__help"
                ;;
            cogctl__subcmd__dead,import)
                cmd="cogctl__subcmd__dead__subcmd__import"
                ;;
            cogctl__subcmd__dead,list)
                cmd="cogctl__subcmd__dead__subcmd__list"
                ;;
            cogctl__subcmd__dead,retry)
                cmd="cogctl__subcmd__dead__subcmd__retry"
                ;;
            cogctl__subcmd__dead,show)
                cmd="cogctl__subcmd__dead__subcmd__show"
                ;;
            cogctl__subcmd__dead,triage)
                cmd="cogctl__subcmd__dead__subcmd__triage"
                ;;
            cogctl__subcmd__dead__subcmd__help,delete)
                cmd="cogctl__subcmd__dead__subcmd__help__subcmd__delete"
                ;;
            cogctl__subcmd__dead__subcmd__help,export)
                cmd="cogctl__subcmd__dead__subcmd__help__subcmd__export"
                ;;
            cogctl__subcmd__dead__subcmd__help,help)
                cmd="cogctl__subcmd__dead__subcmd__help__subcmd__help"
                ;;
            cogctl__subcmd__dead__subcmd__help,import)
                cmd="cogctl__subcmd__dead__subcmd__help__subcmd__import"
                ;;
            cogctl__subcmd__dead__subcmd__help,list)
                cmd="cogctl__subcmd__dead__subcmd__help__subcmd__list"
                ;;
            cogctl__subcmd__dead__subcmd__help,retry)
                cmd="cogctl__subcmd__dead__subcmd__help__subcmd__retry"
                ;;
            cogctl__subcmd__dead__subcmd__help,show)
                cmd="cogctl__subcmd__dead__subcmd__help__subcmd__show"
                ;;
            cogctl__subcmd__dead__subcmd__help,triage)
                cmd="cogctl__subcmd__dead__subcmd__help__subcmd__triage"
                ;;
            cogctl__subcmd__help,audit)
                cmd="cogctl__subcmd__help__subcmd__audit"
                ;;
            cogctl__subcmd__help,busy)
                cmd="cogctl__subcmd__help__subcmd__busy"
                ;;
            cogctl__subcmd__help,check)
                cmd="cogctl__subcmd__help__subcmd__check"
                ;;
            cogctl__subcmd__help,context)
                cmd="cogctl__subcmd__help__subcmd__context"
                ;;
            cogctl__subcmd__help,dead)
                cmd="cogctl__subcmd__help__subcmd__dead"
                ;;
            cogctl__subcmd__help,doctor)
                cmd="cogctl__subcmd__help__subcmd__doctor"
                ;;
            cogctl__subcmd__help,enqueue)
                cmd="cogctl__subcmd__help__subcmd__enqueue"
                ;;
            cogctl__subcmd__help,help)
                cmd="cogctl__subcmd__help__subcmd__help"
                ;;
            cogctl__subcmd__help,history)
                cmd="cogctl__subcmd__help__subcmd__history"
                ;;
            cogctl__subcmd__help,incident)
                cmd="cogctl__subcmd__help__subcmd__incident"
                ;;
            cogctl__subcmd__help,job)
                cmd="cogctl__subcmd__help__subcmd__job"
                ;;
            cogctl__subcmd__help,jobs)
                cmd="cogctl__subcmd__help__subcmd__jobs"
                ;;
            cogctl__subcmd__help,metrics)
                cmd="cogctl__subcmd__help__subcmd__metrics"
                ;;
            cogctl__subcmd__help,orphans)
                cmd="cogctl__subcmd__help__subcmd__orphans"
                ;;
            cogctl__subcmd__help,periodic)
                cmd="cogctl__subcmd__help__subcmd__periodic"
                ;;
            cogctl__subcmd__help,procs)
                cmd="cogctl__subcmd__help__subcmd__procs"
                ;;
            cogctl__subcmd__help,queue)
                cmd="cogctl__subcmd__help__subcmd__queue"
                ;;
            cogctl__subcmd__help,queues)
                cmd="cogctl__subcmd__help__subcmd__queues"
                ;;
            cogctl__subcmd__help,reconcile)
                cmd="cogctl__subcmd__help__subcmd__reconcile"
                ;;
            cogctl__subcmd__help,retry)
                cmd="cogctl__subcmd__help__subcmd__retry"
                ;;
            cogctl__subcmd__help,scheduled)
                cmd="cogctl__subcmd__help__subcmd__scheduled"
                ;;
            cogctl__subcmd__help,stats)
                cmd="cogctl__subcmd__help__subcmd__stats"
                ;;
            cogctl__subcmd__help,top)
                cmd="cogctl__subcmd__help__subcmd__top"
                ;;
            cogctl__subcmd__help,undo)
                cmd="cogctl__subcmd__help__subcmd__undo"
                ;;
            cogctl__subcmd__help,unsettled)
                cmd="cogctl__subcmd__help__subcmd__unsettled"
                ;;
            cogctl__subcmd__help,worker)
                cmd="cogctl__subcmd__help__subcmd__worker"
                ;;
            cogctl__subcmd__help__subcmd__context,list)
                cmd="cogctl__subcmd__help__subcmd__context__subcmd__list"
                ;;
            cogctl__subcmd__help__subcmd__context,show)
                cmd="cogctl__subcmd__help__subcmd__context__subcmd__show"
                ;;
            cogctl__subcmd__help__subcmd__context,use)
                cmd="cogctl__subcmd__help__subcmd__context__subcmd__use"
                ;;
            cogctl__subcmd__help__subcmd__dead,delete)
                cmd="cogctl__subcmd__help__subcmd__dead__subcmd__delete"
                ;;
            cogctl__subcmd__help__subcmd__dead,export)
                cmd="cogctl__subcmd__help__subcmd__dead__subcmd__export"
                ;;
            cogctl__subcmd__help__subcmd__dead,import)
                cmd="cogctl__subcmd__help__subcmd__dead__subcmd__import"
                ;;
            cogctl__subcmd__help__subcmd__dead,list)
                cmd="cogctl__subcmd__help__subcmd__dead__subcmd__list"
                ;;
            cogctl__subcmd__help__subcmd__dead,retry)
                cmd="cogctl__subcmd__help__subcmd__dead__subcmd__retry"
                ;;
            cogctl__subcmd__help__subcmd__dead,show)
                cmd="cogctl__subcmd__help__subcmd__dead__subcmd__show"
                ;;
            cogctl__subcmd__help__subcmd__dead,triage)
                cmd="cogctl__subcmd__help__subcmd__dead__subcmd__triage"
                ;;
            cogctl__subcmd__help__subcmd__periodic,disable)
                cmd="cogctl__subcmd__help__subcmd__periodic__subcmd__disable"
                ;;
            cogctl__subcmd__help__subcmd__periodic,enable)
                cmd="cogctl__subcmd__help__subcmd__periodic__subcmd__enable"
                ;;
            cogctl__subcmd__help__subcmd__periodic,list)
                cmd="cogctl__subcmd__help__subcmd__periodic__subcmd__list"
                ;;
            cogctl__subcmd__help__subcmd__periodic,run-now)
                cmd="cogctl__subcmd__help__subcmd__periodic__subcmd__run__subcmd__now"
                ;;
            cogctl__subcmd__help__subcmd__periodic,show)
                cmd="cogctl__subcmd__help__subcmd__periodic__subcmd__show"
                ;;
            cogctl__subcmd__help__subcmd__procs,alive)
                cmd="cogctl__subcmd__help__subcmd__procs__subcmd__alive"
                ;;
            cogctl__subcmd__help__subcmd__procs,prune)
                cmd="cogctl__subcmd__help__subcmd__procs__subcmd__prune"
                ;;
            cogctl__subcmd__help__subcmd__procs,quiet)
                cmd="cogctl__subcmd__help__subcmd__procs__subcmd__quiet"
                ;;
            cogctl__subcmd__help__subcmd__procs,resume)
                cmd="cogctl__subcmd__help__subcmd__procs__subcmd__resume"
                ;;
            cogctl__subcmd__help__subcmd__procs,stop)
                cmd="cogctl__subcmd__help__subcmd__procs__subcmd__stop"
                ;;
            cogctl__subcmd__help__subcmd__queue,clear)
                cmd="cogctl__subcmd__help__subcmd__queue__subcmd__clear"
                ;;
            cogctl__subcmd__help__subcmd__queue,dedupe)
                cmd="cogctl__subcmd__help__subcmd__queue__subcmd__dedupe"
                ;;
            cogctl__subcmd__help__subcmd__queue,delete-job)
                cmd="cogctl__subcmd__help__subcmd__queue__subcmd__delete__subcmd__job"
                ;;
            cogctl__subcmd__help__subcmd__queue,list)
                cmd="cogctl__subcmd__help__subcmd__queue__subcmd__list"
                ;;
            cogctl__subcmd__help__subcmd__queue,pause)
                cmd="cogctl__subcmd__help__subcmd__queue__subcmd__pause"
                ;;
            cogctl__subcmd__help__subcmd__queue,resume)
                cmd="cogctl__subcmd__help__subcmd__queue__subcmd__resume"
                ;;
            cogctl__subcmd__help__subcmd__queue,show)
                cmd="cogctl__subcmd__help__subcmd__queue__subcmd__show"
                ;;
            cogctl__subcmd__help__subcmd__retry,delete)
                cmd="cogctl__subcmd__help__subcmd__retry__subcmd__delete"
                ;;
            cogctl__subcmd__help__subcmd__retry,export)
                cmd="cogctl__subcmd__help__subcmd__retry__subcmd__export"
                ;;
            cogctl__subcmd__help__subcmd__retry,kill)
                cmd="cogctl__subcmd__help__subcmd__retry__subcmd__kill"
                ;;
            cogctl__subcmd__help__subcmd__retry,list)
                cmd="cogctl__subcmd__help__subcmd__retry__subcmd__list"
                ;;
            cogctl__subcmd__help__subcmd__retry,reschedule)
                cmd="cogctl__subcmd__help__subcmd__retry__subcmd__reschedule"
                ;;
            cogctl__subcmd__help__subcmd__retry,retry)
                cmd="cogctl__subcmd__help__subcmd__retry__subcmd__retry"
                ;;
            cogctl__subcmd__help__subcmd__retry,show)
                cmd="cogctl__subcmd__help__subcmd__retry__subcmd__show"
                ;;
            cogctl__subcmd__help__subcmd__retry,triage)
                cmd="cogctl__subcmd__help__subcmd__retry__subcmd__triage"
                ;;
            cogctl__subcmd__help__subcmd__scheduled,delete)
                cmd="cogctl__subcmd__help__subcmd__scheduled__subcmd__delete"
                ;;
            cogctl__subcmd__help__subcmd__scheduled,enqueue-now)
                cmd="cogctl__subcmd__help__subcmd__scheduled__subcmd__enqueue__subcmd__now"
                ;;
            cogctl__subcmd__help__subcmd__scheduled,list)
                cmd="cogctl__subcmd__help__subcmd__scheduled__subcmd__list"
                ;;
            cogctl__subcmd__help__subcmd__scheduled,reschedule)
                cmd="cogctl__subcmd__help__subcmd__scheduled__subcmd__reschedule"
                ;;
            cogctl__subcmd__help__subcmd__scheduled,show)
                cmd="cogctl__subcmd__help__subcmd__scheduled__subcmd__show"
                ;;
            cogctl__subcmd__help__subcmd__undo,list)
                cmd="cogctl__subcmd__help__subcmd__undo__subcmd__list"
                ;;
            cogctl__subcmd__help__subcmd__undo,purge)
                cmd="cogctl__subcmd__help__subcmd__undo__subcmd__purge"
                ;;
            cogctl__subcmd__help__subcmd__unsettled,file)
                cmd="cogctl__subcmd__help__subcmd__unsettled__subcmd__file"
                ;;
            cogctl__subcmd__help__subcmd__unsettled,list)
                cmd="cogctl__subcmd__help__subcmd__unsettled__subcmd__list"
                ;;
            cogctl__subcmd__periodic,disable)
                cmd="cogctl__subcmd__periodic__subcmd__disable"
                ;;
            cogctl__subcmd__periodic,enable)
                cmd="cogctl__subcmd__periodic__subcmd__enable"
                ;;
            cogctl__subcmd__periodic,help)
                cmd="cogctl__subcmd__periodic__subcmd__help"
                ;;
            cogctl__subcmd__periodic,list)
                cmd="cogctl__subcmd__periodic__subcmd__list"
                ;;
            cogctl__subcmd__periodic,run-now)
                cmd="cogctl__subcmd__periodic__subcmd__run__subcmd__now"
                ;;
            cogctl__subcmd__periodic,show)
                cmd="cogctl__subcmd__periodic__subcmd__show"
                ;;
            cogctl__subcmd__periodic__subcmd__help,disable)
                cmd="cogctl__subcmd__periodic__subcmd__help__subcmd__disable"
                ;;
            cogctl__subcmd__periodic__subcmd__help,enable)
                cmd="cogctl__subcmd__periodic__subcmd__help__subcmd__enable"
                ;;
            cogctl__subcmd__periodic__subcmd__help,help)
                cmd="cogctl__subcmd__periodic__subcmd__help__subcmd__help"
                ;;
            cogctl__subcmd__periodic__subcmd__help,list)
                cmd="cogctl__subcmd__periodic__subcmd__help__subcmd__list"
                ;;
            cogctl__subcmd__periodic__subcmd__help,run-now)
                cmd="cogctl__subcmd__periodic__subcmd__help__subcmd__run__subcmd__now"
                ;;
            cogctl__subcmd__periodic__subcmd__help,show)
                cmd="cogctl__subcmd__periodic__subcmd__help__subcmd__show"
                ;;
            cogctl__subcmd__procs,alive)
                cmd="cogctl__subcmd__procs__subcmd__alive"
                ;;
            cogctl__subcmd__procs,help)
                cmd="cogctl__subcmd__procs__subcmd__help"
                ;;
            cogctl__subcmd__procs,prune)
                cmd="cogctl__subcmd__procs__subcmd__prune"
                ;;
            cogctl__subcmd__procs,quiet)
                cmd="cogctl__subcmd__procs__subcmd__quiet"
                ;;
            cogctl__subcmd__procs,resume)
                cmd="cogctl__subcmd__procs__subcmd__resume"
                ;;
            cogctl__subcmd__procs,stop)
                cmd="cogctl__subcmd__procs__subcmd__stop"
                ;;
            cogctl__subcmd__procs__subcmd__help,alive)
                cmd="cogctl__subcmd__procs__subcmd__help__subcmd__alive"
                ;;
            cogctl__subcmd__procs__subcmd__help,help)
                cmd="cogctl__subcmd__procs__subcmd__help__subcmd__help"
                ;;
            cogctl__subcmd__procs__subcmd__help,prune)
                cmd="cogctl__subcmd__procs__subcmd__help__subcmd__prune"
                ;;
            cogctl__subcmd__procs__subcmd__help,quiet)
                cmd="cogctl__subcmd__procs__subcmd__help__subcmd__quiet"
                ;;
            cogctl__subcmd__procs__subcmd__help,resume)
                cmd="cogctl__subcmd__procs__subcmd__help__subcmd__resume"
                ;;
            cogctl__subcmd__procs__subcmd__help,stop)
                cmd="cogctl__subcmd__procs__subcmd__help__subcmd__stop"
                ;;
            cogctl__subcmd__queue,clear)
                cmd="cogctl__subcmd__queue__subcmd__clear"
                ;;
            cogctl__subcmd__queue,dedupe)
                cmd="cogctl__subcmd__queue__subcmd__dedupe"
                ;;
            cogctl__subcmd__queue,delete-job)
                cmd="cogctl__subcmd__queue__subcmd__delete__subcmd__job"
                ;;
            cogctl__subcmd__queue,help)
                cmd="cogctl__subcmd__queue__subcmd__help"
                ;;
            cogctl__subcmd__queue,list)
                cmd="cogctl__subcmd__queue__subcmd__list"
                ;;
            cogctl__subcmd__queue,pause)
                cmd="cogctl__subcmd__queue__subcmd__pause"
                ;;
            cogctl__subcmd__queue,resume)
                cmd="cogctl__subcmd__queue__subcmd__resume"
                ;;
            cogctl__subcmd__queue,show)
                cmd="cogctl__subcmd__queue__subcmd__show"
                ;;
            cogctl__subcmd__queue__subcmd__help,clear)
                cmd="cogctl__subcmd__queue__subcmd__help__subcmd__clear"
                ;;
            cogctl__subcmd__queue__subcmd__help,dedupe)
                cmd="cogctl__subcmd__queue__subcmd__help__subcmd__dedupe"
                ;;
            cogctl__subcmd__queue__subcmd__help,delete-job)
                cmd="cogctl__subcmd__queue__subcmd__help__subcmd__delete__subcmd__job"
                ;;
            cogctl__subcmd__queue__subcmd__help,help)
                cmd="cogctl__subcmd__queue__subcmd__help__subcmd__help"
                ;;
            cogctl__subcmd__queue__subcmd__help,list)
                cmd="cogctl__subcmd__queue__subcmd__help__subcmd__list"
                ;;
            cogctl__subcmd__queue__subcmd__help,pause)
                cmd="cogctl__subcmd__queue__subcmd__help__subcmd__pause"
                ;;
            cogctl__subcmd__queue__subcmd__help,resume)
                cmd="cogctl__subcmd__queue__subcmd__help__subcmd__resume"
                ;;
            cogctl__subcmd__queue__subcmd__help,show)
                cmd="cogctl__subcmd__queue__subcmd__help__subcmd__show"
                ;;
            cogctl__subcmd__retry,delete)
                cmd="cogctl__subcmd__retry__subcmd__delete"
                ;;
            cogctl__subcmd__retry,export)
                cmd="cogctl__subcmd__retry__subcmd__export"
                ;;
            cogctl__subcmd__retry,help)
                cmd="cogctl__subcmd__retry__subcmd__help"
                ;;
            cogctl__subcmd__retry,kill)
                cmd="cogctl__subcmd__retry__subcmd__kill"
                ;;
            cogctl__subcmd__retry,list)
                cmd="cogctl__subcmd__retry__subcmd__list"
                ;;
            cogctl__subcmd__retry,reschedule)
                cmd="cogctl__subcmd__retry__subcmd__reschedule"
                ;;
            cogctl__subcmd__retry,retry)
                cmd="cogctl__subcmd__retry__subcmd__retry"
                ;;
            cogctl__subcmd__retry,show)
                cmd="cogctl__subcmd__retry__subcmd__show"
                ;;
            cogctl__subcmd__retry,triage)
                cmd="cogctl__subcmd__retry__subcmd__triage"
                ;;
            cogctl__subcmd__retry__subcmd__help,delete)
                cmd="cogctl__subcmd__retry__subcmd__help__subcmd__delete"
                ;;
            cogctl__subcmd__retry__subcmd__help,export)
                cmd="cogctl__subcmd__retry__subcmd__help__subcmd__export"
                ;;
            cogctl__subcmd__retry__subcmd__help,help)
                cmd="cogctl__subcmd__retry__subcmd__help__subcmd__help"
                ;;
            cogctl__subcmd__retry__subcmd__help,kill)
                cmd="cogctl__subcmd__retry__subcmd__help__subcmd__kill"
                ;;
            cogctl__subcmd__retry__subcmd__help,list)
                cmd="cogctl__subcmd__retry__subcmd__help__subcmd__list"
                ;;
            cogctl__subcmd__retry__subcmd__help,reschedule)
                cmd="cogctl__subcmd__retry__subcmd__help__subcmd__reschedule"
                ;;
            cogctl__subcmd__retry__subcmd__help,retry)
                cmd="cogctl__subcmd__retry__subcmd__help__subcmd__retry"
                ;;
            cogctl__subcmd__retry__subcmd__help,show)
                cmd="cogctl__subcmd__retry__subcmd__help__subcmd__show"
                ;;
            cogctl__subcmd__retry__subcmd__help,triage)
                cmd="cogctl__subcmd__retry__subcmd__help__subcmd__triage"
                ;;
            cogctl__subcmd__scheduled,delete)
                cmd="cogctl__subcmd__scheduled__subcmd__delete"
                ;;
            cogctl__subcmd__scheduled,enqueue-now)
                cmd="cogctl__subcmd__scheduled__subcmd__enqueue__subcmd__now"
                ;;
            cogctl__subcmd__scheduled,help)
                cmd="cogctl__subcmd__scheduled__subcmd__help"
                ;;
            cogctl__subcmd__scheduled,list)
                cmd="cogctl__subcmd__scheduled__subcmd__list"
                ;;
            cogctl__subcmd__scheduled,reschedule)
                cmd="cogctl__subcmd__scheduled__subcmd__reschedule"
                ;;
            cogctl__subcmd__scheduled,show)
                cmd="cogctl__subcmd__scheduled__subcmd__show"
                ;;
            cogctl__subcmd__scheduled__subcmd__help,delete)
                cmd="cogctl__subcmd__scheduled__subcmd__help__subcmd__delete"
                ;;
            cogctl__subcmd__scheduled__subcmd__help,enqueue-now)
                cmd="cogctl__subcmd__scheduled__subcmd__help__subcmd__enqueue__subcmd__now"
                ;;
            cogctl__subcmd__scheduled__subcmd__help,help)
                cmd="cogctl__subcmd__scheduled__subcmd__help__subcmd__help"
                ;;
            cogctl__subcmd__scheduled__subcmd__help,list)
                cmd="cogctl__subcmd__scheduled__subcmd__help__subcmd__list"
                ;;
            cogctl__subcmd__scheduled__subcmd__help,reschedule)
                cmd="cogctl__subcmd__scheduled__subcmd__help__subcmd__reschedule"
                ;;
            cogctl__subcmd__scheduled__subcmd__help,show)
                cmd="cogctl__subcmd__scheduled__subcmd__help__subcmd__show"
                ;;
            cogctl__subcmd__undo,help)
                cmd="cogctl__subcmd__undo__subcmd__help"
                ;;
            cogctl__subcmd__undo,list)
                cmd="cogctl__subcmd__undo__subcmd__list"
                ;;
            cogctl__subcmd__undo,purge)
                cmd="cogctl__subcmd__undo__subcmd__purge"
                ;;
            cogctl__subcmd__undo__subcmd__help,help)
                cmd="cogctl__subcmd__undo__subcmd__help__subcmd__help"
                ;;
            cogctl__subcmd__undo__subcmd__help,list)
                cmd="cogctl__subcmd__undo__subcmd__help__subcmd__list"
                ;;
            cogctl__subcmd__undo__subcmd__help,purge)
                cmd="cogctl__subcmd__undo__subcmd__help__subcmd__purge"
                ;;
            cogctl__subcmd__unsettled,file)
                cmd="cogctl__subcmd__unsettled__subcmd__file"
                ;;
            cogctl__subcmd__unsettled,help)
                cmd="cogctl__subcmd__unsettled__subcmd__help"
                ;;
            cogctl__subcmd__unsettled,list)
                cmd="cogctl__subcmd__unsettled__subcmd__list"
                ;;
            cogctl__subcmd__unsettled__subcmd__help,file)
                cmd="cogctl__subcmd__unsettled__subcmd__help__subcmd__file"
                ;;
            cogctl__subcmd__unsettled__subcmd__help,help)
                cmd="cogctl__subcmd__unsettled__subcmd__help__subcmd__help"
                ;;
            cogctl__subcmd__unsettled__subcmd__help,list)
                cmd="cogctl__subcmd__unsettled__subcmd__help__subcmd__list"
                ;;
            *)
                ;;
        esac
    done

    case "${cmd}" in
        cogctl)
            opts="-h -V --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version stats queues queue retry dead scheduled job periodic jobs history enqueue worker procs busy top unsettled orphans reconcile check doctor incident metrics context audit undo help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 1 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__audit)
            opts="-h -V --since --user --command --limit --all --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --since)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --user)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --command)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --limit)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__busy)
            opts="-h -V --include-stale --watch --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --watch)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__check)
            opts="-h -V --max-dead --max-retry --max-latency --max-orphans --max-unsettled --max-periodic-delay --tz --queue --min-processes --min-throughput --orphan-threshold --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --max-dead)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-retry)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-latency)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-orphans)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-unsettled)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-periodic-delay)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --tz)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --queue)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --min-processes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --min-throughput)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --orphan-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__context)
            opts="-h -V --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version list show use help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__context__subcmd__help)
            opts="list show use help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__context__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__context__subcmd__help__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__context__subcmd__help__subcmd__show)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__context__subcmd__help__subcmd__use)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__context__subcmd__list)
            opts="-h -V --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__context__subcmd__show)
            opts="-h -V --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__context__subcmd__use)
            opts="-h -V --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__dead)
            opts="-h -V --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version list triage show retry delete export import help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__dead__subcmd__delete)
            opts="-y -h -V --jid-file --class --queue --error --jid --since --until --min-retries --search --args --fingerprint --all --dry-run --plan-out --plan --report --rate --batch --max-queue-depth --force --yes --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --jid-file)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --class)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --queue)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --error)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --jid)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --since)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --until)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --min-retries)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --search)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --args)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fingerprint)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --plan-out)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --plan)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --report)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --batch)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-queue-depth)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__dead__subcmd__export)
            opts="-o -h -V --class --queue --error --jid --since --until --min-retries --search --args --fingerprint --output --force --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --class)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --queue)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --error)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --jid)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --since)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --until)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --min-retries)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --search)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --args)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fingerprint)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__dead__subcmd__help)
            opts="list triage show retry delete export import help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__dead__subcmd__help__subcmd__delete)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__dead__subcmd__help__subcmd__export)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__dead__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__dead__subcmd__help__subcmd__import)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__dead__subcmd__help__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__dead__subcmd__help__subcmd__retry)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__dead__subcmd__help__subcmd__show)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__dead__subcmd__help__subcmd__triage)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__dead__subcmd__import)
            opts="-y -h -V --dry-run --yes --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__dead__subcmd__list)
            opts="-h -V --class --queue --error --jid --since --until --min-retries --search --args --fingerprint --limit --all --oldest-first --watch --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --class)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --queue)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --error)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --jid)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --since)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --until)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --min-retries)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --search)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --args)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fingerprint)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --limit)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --watch)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__dead__subcmd__retry)
            opts="-y -h -V --jid-file --class --queue --error --jid --since --until --min-retries --search --args --fingerprint --all --dry-run --plan-out --plan --report --rate --batch --max-queue-depth --force --yes --reset-retries --canary --canary-wait --max-canary-failures --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --jid-file)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --class)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --queue)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --error)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --jid)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --since)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --until)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --min-retries)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --search)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --args)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fingerprint)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --plan-out)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --plan)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --report)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --batch)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-queue-depth)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --canary)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --canary-wait)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-canary-failures)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__dead__subcmd__show)
            opts="-h -V --backtrace --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__dead__subcmd__triage)
            opts="-h -V --class --queue --error --jid --since --until --min-retries --search --args --fingerprint --by --from-history --limit --max-groups --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --class)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --queue)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --error)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --jid)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --since)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --until)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --min-retries)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --search)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --args)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fingerprint)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --by)
                    COMPREPLY=($(compgen -W "fingerprint class queue error-class" -- "${cur}"))
                    return 0
                    ;;
                --limit)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-groups)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__doctor)
            opts="-h -V --strict --orphan-threshold --tz --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --orphan-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --tz)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__enqueue)
            opts="-h -V --args --queue --retry --in --at --unique --set --from --batch --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --args)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --queue)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --retry)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --in)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --at)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --set)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --from)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --batch)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help)
            opts="stats queues queue retry dead scheduled job periodic jobs history enqueue worker procs busy top unsettled orphans reconcile check doctor incident metrics context audit undo help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__audit)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__busy)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__check)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__context)
            opts="list show use"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__context__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__context__subcmd__show)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__context__subcmd__use)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__dead)
            opts="list triage show retry delete export import"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__dead__subcmd__delete)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__dead__subcmd__export)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__dead__subcmd__import)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__dead__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__dead__subcmd__retry)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__dead__subcmd__show)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__dead__subcmd__triage)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__doctor)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__enqueue)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__history)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__incident)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__job)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__jobs)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__metrics)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__orphans)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__periodic)
            opts="list show run-now disable enable"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__periodic__subcmd__disable)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__periodic__subcmd__enable)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__periodic__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__periodic__subcmd__run__subcmd__now)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__periodic__subcmd__show)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__procs)
            opts="quiet resume stop alive prune"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__procs__subcmd__alive)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__procs__subcmd__prune)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__procs__subcmd__quiet)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__procs__subcmd__resume)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__procs__subcmd__stop)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__queue)
            opts="list show pause resume clear delete-job dedupe"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__queue__subcmd__clear)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__queue__subcmd__dedupe)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__queue__subcmd__delete__subcmd__job)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__queue__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__queue__subcmd__pause)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__queue__subcmd__resume)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__queue__subcmd__show)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__queues)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__reconcile)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__retry)
            opts="list triage show retry delete kill reschedule export"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__retry__subcmd__delete)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__retry__subcmd__export)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__retry__subcmd__kill)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__retry__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__retry__subcmd__reschedule)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__retry__subcmd__retry)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__retry__subcmd__show)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__retry__subcmd__triage)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__scheduled)
            opts="list show enqueue-now delete reschedule"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__scheduled__subcmd__delete)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__scheduled__subcmd__enqueue__subcmd__now)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__scheduled__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__scheduled__subcmd__reschedule)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__scheduled__subcmd__show)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__stats)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__top)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__undo)
            opts="list purge"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__undo__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__undo__subcmd__purge)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__unsettled)
            opts="list file"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__unsettled__subcmd__file)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__unsettled__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__help__subcmd__worker)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__history)
            opts="-h -V --status --class --queue --error --jid --since --until --min-retries --search --args --fingerprint --min-duration --max-duration --sort --limit --all --oldest-first --watch --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --status)
                    COMPREPLY=($(compgen -W "all success failed" -- "${cur}"))
                    return 0
                    ;;
                --class)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --queue)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --error)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --jid)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --since)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --until)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --min-retries)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --search)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --args)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fingerprint)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --min-duration)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-duration)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sort)
                    COMPREPLY=($(compgen -W "finished duration" -- "${cur}"))
                    return 0
                    ;;
                --limit)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --watch)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__incident)
            opts="-h -V --since --max-latency --memory-limit --orphan-threshold --tz --watch --until-recovered --timeout --quiet-for --events --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --since)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-latency)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --memory-limit)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --orphan-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --tz)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --watch)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --quiet-for)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__job)
            opts="-h -V --backtrace --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__jobs)
            opts="-h -V --class --queue --error --jid --since --until --min-retries --search --args --fingerprint --status --limit --all --watch --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --class)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --queue)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --error)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --jid)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --since)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --until)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --min-retries)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --search)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --args)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fingerprint)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --status)
                    COMPREPLY=($(compgen -W "enqueued running scheduled retry dead" -- "${cur}"))
                    return 0
                    ;;
                --limit)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --watch)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__metrics)
            opts="-h -V --listen --concurrency --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --listen)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --concurrency)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__orphans)
            opts="-h -V --orphan-threshold --watch --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --orphan-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --watch)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__periodic)
            opts="-h -V --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version list show run-now disable enable help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__periodic__subcmd__disable)
            opts="-y -h -V --all --yes --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__periodic__subcmd__enable)
            opts="-y -h -V --all --yes --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__periodic__subcmd__help)
            opts="list show run-now disable enable help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__periodic__subcmd__help__subcmd__disable)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__periodic__subcmd__help__subcmd__enable)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__periodic__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__periodic__subcmd__help__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__periodic__subcmd__help__subcmd__run__subcmd__now)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__periodic__subcmd__help__subcmd__show)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__periodic__subcmd__list)
            opts="-h -V --search --tz --watch --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --search)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --tz)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --watch)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__periodic__subcmd__run__subcmd__now)
            opts="-h -V --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__periodic__subcmd__show)
            opts="-h -V --tz --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --tz)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__procs)
            opts="-h -V --memory --watch --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version quiet resume stop alive prune help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --watch)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__procs__subcmd__alive)
            opts="-h -V --hostname --identity --max-beat-age --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --hostname)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --identity)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-beat-age)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__procs__subcmd__help)
            opts="quiet resume stop alive prune help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__procs__subcmd__help__subcmd__alive)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__procs__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__procs__subcmd__help__subcmd__prune)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__procs__subcmd__help__subcmd__quiet)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__procs__subcmd__help__subcmd__resume)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__procs__subcmd__help__subcmd__stop)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__procs__subcmd__prune)
            opts="-h -V --dry-run --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__procs__subcmd__quiet)
            opts="-y -h -V --all --yes --wait --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --wait)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__procs__subcmd__resume)
            opts="-y -h -V --all --yes --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__procs__subcmd__stop)
            opts="-y -h -V --all --yes --wait --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --wait)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__queue)
            opts="-h -V --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version list show pause resume clear delete-job dedupe help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__queue__subcmd__clear)
            opts="-y -h -V --force --yes --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__queue__subcmd__dedupe)
            opts="-y -h -V --by --dry-run --yes --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --by)
                    COMPREPLY=($(compgen -W "class,args args" -- "${cur}"))
                    return 0
                    ;;
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__queue__subcmd__delete__subcmd__job)
            opts="-y -h -V --jid-file --class --queue --error --jid --since --until --min-retries --search --args --fingerprint --all --dry-run --force --rate --batch --max-queue-depth --yes --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --jid-file)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --class)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --queue)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --error)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --jid)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --since)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --until)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --min-retries)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --search)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --args)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fingerprint)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --batch)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-queue-depth)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__queue__subcmd__help)
            opts="list show pause resume clear delete-job dedupe help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__queue__subcmd__help__subcmd__clear)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__queue__subcmd__help__subcmd__dedupe)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__queue__subcmd__help__subcmd__delete__subcmd__job)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__queue__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__queue__subcmd__help__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__queue__subcmd__help__subcmd__pause)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__queue__subcmd__help__subcmd__resume)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__queue__subcmd__help__subcmd__show)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__queue__subcmd__list)
            opts="-h -V --class --queue --error --jid --since --until --min-retries --search --args --fingerprint --limit --all --next-first --watch --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --class)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --queue)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --error)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --jid)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --since)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --until)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --min-retries)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --search)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --args)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fingerprint)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --limit)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --watch)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__queue__subcmd__pause)
            opts="-h -V --force --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__queue__subcmd__resume)
            opts="-h -V --force --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__queue__subcmd__show)
            opts="-h -V --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__queues)
            opts="-h -V --watch --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --watch)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__reconcile)
            opts="-h -V --orphan-threshold --max-orphanings --batch --dry-run --on-death --on-death-timeout --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --orphan-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-orphanings)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --batch)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --on-death)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --on-death-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__retry)
            opts="-h -V --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version list triage show retry delete kill reschedule export help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__retry__subcmd__delete)
            opts="-y -h -V --jid-file --class --queue --error --jid --since --until --min-retries --search --args --fingerprint --all --dry-run --plan-out --plan --report --rate --batch --max-queue-depth --force --yes --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --jid-file)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --class)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --queue)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --error)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --jid)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --since)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --until)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --min-retries)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --search)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --args)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fingerprint)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --plan-out)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --plan)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --report)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --batch)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-queue-depth)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__retry__subcmd__export)
            opts="-o -h -V --class --queue --error --jid --since --until --min-retries --search --args --fingerprint --output --force --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --class)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --queue)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --error)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --jid)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --since)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --until)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --min-retries)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --search)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --args)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fingerprint)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__retry__subcmd__help)
            opts="list triage show retry delete kill reschedule export help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__retry__subcmd__help__subcmd__delete)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__retry__subcmd__help__subcmd__export)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__retry__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__retry__subcmd__help__subcmd__kill)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__retry__subcmd__help__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__retry__subcmd__help__subcmd__reschedule)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__retry__subcmd__help__subcmd__retry)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__retry__subcmd__help__subcmd__show)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__retry__subcmd__help__subcmd__triage)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__retry__subcmd__kill)
            opts="-y -h -V --jid-file --class --queue --error --jid --since --until --min-retries --search --args --fingerprint --all --dry-run --plan-out --plan --report --rate --batch --max-queue-depth --force --yes --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --jid-file)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --class)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --queue)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --error)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --jid)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --since)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --until)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --min-retries)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --search)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --args)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fingerprint)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --plan-out)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --plan)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --report)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --batch)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-queue-depth)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__retry__subcmd__list)
            opts="-h -V --class --queue --error --jid --since --until --min-retries --search --args --fingerprint --limit --all --oldest-first --watch --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --class)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --queue)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --error)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --jid)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --since)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --until)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --min-retries)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --search)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --args)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fingerprint)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --limit)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --watch)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__retry__subcmd__reschedule)
            opts="-y -h -V --jid-file --class --queue --error --jid --since --until --min-retries --search --args --fingerprint --all --dry-run --plan-out --plan --report --rate --batch --max-queue-depth --force --yes --in --at --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --jid-file)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --class)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --queue)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --error)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --jid)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --since)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --until)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --min-retries)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --search)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --args)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fingerprint)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --plan-out)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --plan)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --report)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --batch)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-queue-depth)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --in)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --at)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__retry__subcmd__retry)
            opts="-y -h -V --jid-file --class --queue --error --jid --since --until --min-retries --search --args --fingerprint --all --dry-run --plan-out --plan --report --rate --batch --max-queue-depth --force --yes --reset-retries --canary --canary-wait --max-canary-failures --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --jid-file)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --class)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --queue)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --error)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --jid)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --since)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --until)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --min-retries)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --search)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --args)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fingerprint)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --plan-out)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --plan)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --report)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --batch)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-queue-depth)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --canary)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --canary-wait)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-canary-failures)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__retry__subcmd__show)
            opts="-h -V --backtrace --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__retry__subcmd__triage)
            opts="-h -V --class --queue --error --jid --since --until --min-retries --search --args --fingerprint --by --from-history --limit --max-groups --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --class)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --queue)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --error)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --jid)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --since)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --until)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --min-retries)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --search)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --args)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fingerprint)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --by)
                    COMPREPLY=($(compgen -W "fingerprint class queue error-class" -- "${cur}"))
                    return 0
                    ;;
                --limit)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-groups)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__scheduled)
            opts="-h -V --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version list show enqueue-now delete reschedule help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__scheduled__subcmd__delete)
            opts="-y -h -V --jid-file --class --queue --error --jid --since --until --min-retries --search --args --fingerprint --all --dry-run --plan-out --plan --report --rate --batch --max-queue-depth --force --yes --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --jid-file)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --class)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --queue)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --error)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --jid)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --since)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --until)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --min-retries)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --search)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --args)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fingerprint)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --plan-out)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --plan)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --report)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --batch)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-queue-depth)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__scheduled__subcmd__enqueue__subcmd__now)
            opts="-y -h -V --jid-file --class --queue --error --jid --since --until --min-retries --search --args --fingerprint --all --dry-run --plan-out --plan --report --rate --batch --max-queue-depth --force --yes --reset-retries --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --jid-file)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --class)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --queue)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --error)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --jid)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --since)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --until)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --min-retries)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --search)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --args)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fingerprint)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --plan-out)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --plan)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --report)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --batch)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-queue-depth)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__scheduled__subcmd__help)
            opts="list show enqueue-now delete reschedule help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__scheduled__subcmd__help__subcmd__delete)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__scheduled__subcmd__help__subcmd__enqueue__subcmd__now)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__scheduled__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__scheduled__subcmd__help__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__scheduled__subcmd__help__subcmd__reschedule)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__scheduled__subcmd__help__subcmd__show)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__scheduled__subcmd__list)
            opts="-h -V --class --queue --error --jid --since --until --min-retries --search --args --fingerprint --limit --all --oldest-first --watch --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --class)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --queue)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --error)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --jid)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --since)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --until)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --min-retries)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --search)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --args)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fingerprint)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --limit)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --watch)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__scheduled__subcmd__reschedule)
            opts="-y -h -V --jid-file --class --queue --error --jid --since --until --min-retries --search --args --fingerprint --all --dry-run --plan-out --plan --report --rate --batch --max-queue-depth --force --yes --in --at --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --jid-file)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --class)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --queue)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --error)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --jid)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --since)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --until)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --min-retries)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --search)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --args)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fingerprint)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --plan-out)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --plan)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --report)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --rate)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --batch)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-queue-depth)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --in)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --at)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__scheduled__subcmd__show)
            opts="-h -V --backtrace --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__stats)
            opts="-h -V --days --watch --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --days)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --watch)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__top)
            opts="-h -V --interval --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --interval)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__undo)
            opts="-y -h -V --anyone --dry-run --yes --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version list purge help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__undo__subcmd__help)
            opts="list purge help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__undo__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__undo__subcmd__help__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__undo__subcmd__help__subcmd__purge)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__undo__subcmd__list)
            opts="-h -V --limit --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --limit)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__undo__subcmd__purge)
            opts="-y -h -V --all --yes --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__unsettled)
            opts="-h -V --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version list file help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__unsettled__subcmd__file)
            opts="-h -V --dry-run --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__unsettled__subcmd__help)
            opts="list file help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__unsettled__subcmd__help__subcmd__file)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__unsettled__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__unsettled__subcmd__help__subcmd__list)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 4 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__unsettled__subcmd__list)
            opts="-h -V --limit --watch --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --limit)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --watch)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        cogctl__subcmd__worker)
            opts="-q -c -h -V --queue --concurrency --handler --timeout --timeout-for --kill-grace --timeout-drain --config --burst --handler-check --allow-failures --history --recycle-after --recycle-above --max-jobs --identity-tag --orphan-threshold --max-orphanings --startup-wait --on-death --on-death-for --on-death-timeout --listen --metrics-max-classes --log-format --context --fleet --shard --confirm-context --require-audit --keep-undo --no-undo --redis-url --tls-insecure --sentinel --sentinel-master --sentinel-password --connect-timeout --read-timeout --format --json --ndjson --color --quiet --utc --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --queue)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -q)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --concurrency)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -c)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --handler)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout-for)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --kill-grace)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --timeout-drain)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --config)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --handler-check)
                    COMPREPLY=($(compgen -W "on off" -- "${cur}"))
                    return 0
                    ;;
                --recycle-after)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --recycle-above)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-jobs)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --identity-tag)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --orphan-threshold)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-orphanings)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --startup-wait)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --on-death)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --on-death-for)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --on-death-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --listen)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --metrics-max-classes)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --log-format)
                    COMPREPLY=($(compgen -W "logfmt json" -- "${cur}"))
                    return 0
                    ;;
                --context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --fleet)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --confirm-context)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --keep-undo)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --redis-url)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-master)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sentinel-password)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --connect-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --read-timeout)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "table json ndjson markdown" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
    esac
}

if [[ "${BASH_VERSINFO[0]}" -eq 4 && "${BASH_VERSINFO[1]}" -ge 4 || "${BASH_VERSINFO[0]}" -gt 4 ]]; then
    complete -F _cogctl -o nosort -o bashdefault -o default cogctl
else
    complete -F _cogctl -o bashdefault -o default cogctl
fi
