# bash completion for polyxios: its commands, each command's options (as `polyxios --help` lists
# them), the values of --format and --to, and file names: scenes (.dae, .dae.gz, .zae, .gltf,
# .glb, in any case) for convert, info and validate, folders for batch, .jsonl reports, .json configs.
# Installed as share/bash-completion/completions/polyxios; or `source tools/cli/polyxios.bash`.
# tests/package/cli_docs_test.py checks it against the CLI's help.

# Appends to COMPREPLY the folders and the files whose lower-cased names end with one of the
# given suffixes that start with $1 ("" as a suffix: every file).
_polyxios_files() {
  local word=$1 path lower suffix
  shift
  local -a paths
  mapfile -t paths < <(compgen -f -- "$word")
  for path in "${paths[@]}"; do
    if [[ -d $path ]]; then
      COMPREPLY+=("$path")
      continue
    fi
    lower=${path,,}
    for suffix in "$@"; do
      if [[ $lower == *"$suffix" ]]; then
        COMPREPLY+=("$path")
        break
      fi
    done
  done
  compopt -o filenames
}

_polyxios() {
  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
  COMPREPLY=()
  # bash splits "--to=gl" at the "=": complete the value of the option before it.
  if [[ $cur == = ]]; then
    cur=""
  elif [[ $prev == = && $COMP_CWORD -ge 3 ]]; then
    prev=${COMP_WORDS[COMP_CWORD - 2]}
  fi

  if ((COMP_CWORD == 1)); then
    mapfile -t COMPREPLY < <(compgen -W "convert info validate batch merge-reports --help --version" -- "$cur")
    return
  fi

  case $prev in
    --format | --to)
      mapfile -t COMPREPLY < <(compgen -W "glb gltf dae" -- "$cur")
      return
      ;;
    --compress)
      mapfile -t COMPREPLY < <(compgen -W "draco meshopt" -- "$cur")
      return
      ;;
    --up-axis)
      mapfile -t COMPREPLY < <(compgen -W "x y z" -- "$cur")
      return
      ;;
    --config)
      _polyxios_files "$cur" .json
      return
      ;;
    --from)
      _polyxios_files "$cur" ""
      return
      ;;
    --report)
      _polyxios_files "$cur" .jsonl
      return
      ;;
    -o | --output)
      case ${COMP_WORDS[1]} in
        convert) _polyxios_files "$cur" .dae .gltf .glb ;;
        batch)
          mapfile -t COMPREPLY < <(compgen -d -- "$cur")
          compopt -o filenames
          ;;
        *) _polyxios_files "$cur" .jsonl ;;
      esac
      return
      ;;
    --progress)
      mapfile -t COMPREPLY < <(compgen -W "auto bar lines json none" -- "$cur")
      return
      ;;
    --threads | -j | --max-input | --max-memory | --timeout | --progress-interval | --shard | \
      --shards | --ignore | --only | --severity)
      return
      ;;
  esac

  # The conversion options convert, info, validate and batch share (tools/cli/conversion_flags.cc).
  local conversion="--format --to --threads --allow-external-files --allow-remote-uris
               --strict-resources --repair --max-input --compress --fallback --compress-only
               --draco-position-bits --draco-normal-bits --draco-texcoord-bits --draco-color-bits
               --draco-generic-bits --draco-level --optimize --up-axis --meters --bake-transforms
               --transcode-images --no-transcode-images"
  local options
  case ${COMP_WORDS[1]} in
    convert)
      options="$conversion --max-memory --quiet -v --verbose -o --output"
      ;;
    info)
      options="$conversion --json --max-memory"
      ;;
    validate)
      options="$conversion --json --werror -j --timeout --config --ignore --only --severity
               --max-memory --allow-empty --quiet -v --verbose"
      ;;
    batch)
      options="$conversion --from -j --timeout --max-memory --report --resume --quiet -v
               --verbose --progress --progress-interval --shard --shards -o --output --allow-empty"
      ;;
    merge-reports)
      options="--json -o --output --allow-empty"
      ;;
    *)
      return
      ;;
  esac
  if [[ $cur == -* ]]; then
    mapfile -t COMPREPLY < <(compgen -W "$options" -- "$cur")
    return
  fi
  case ${COMP_WORDS[1]} in
    convert | info | validate)
      _polyxios_files "$cur" .dae .dae.gz .zae .gltf .glb
      ;;
    batch)
      mapfile -t COMPREPLY < <(compgen -d -- "$cur")
      compopt -o filenames
      ;;
    merge-reports)
      _polyxios_files "$cur" .jsonl
      ;;
  esac
}

complete -F _polyxios polyxios
