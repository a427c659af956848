/// `uihost completions bash|zsh|fish`: the completion scripts, written from
/// `CommandTable`, so they offer exactly the commands and options the parser
/// takes and `uihost help` lists.
enum Completions {
    static let shells = ["bash", "zsh", "fish"]

    static func script(for shell: String) -> String? {
        switch shell {
        case "bash": bash
        case "zsh": zsh
        case "fish": fish
        default: nil
        }
    }

    /// The first lines of every script: what wrote it.
    static func header(_ shell: String) -> String {
        "# \(shell) completion for uihost, written by `uihost completions \(shell)` from the\n"
            + "# table uihost parses its command line with (uihost \(version)).\n"
    }

    typealias Table = CommandTable

    /// The commands after which `option` is offered, by name.
    static func commands(offering option: Table.Option) -> [String] {
        Table.commands.map(\.name).filter { Table.offers(option, for: $0) }
    }

    /// The one-line description of an option or a command.
    static func description(_ lines: [String]) -> String {
        lines.joined(separator: " ")
    }

    // MARK: - bash

    static var bash: String {
        let valued = Table.shownOptions.filter { $0.value != nil }.flatMap(\.names)
        var valueCases: [String] = []
        for option in Table.shownOptions {
            guard let value = option.value else { continue }
            let names = option.names.joined(separator: "|")
            switch value {
            case .choice(_, let words):
                valueCases.append("        \(names)) COMPREPLY=( $(compgen -W \"\(words.joined(separator: " "))\" -- \"$cur\") ); return ;;")
            case .file: valueCases.append("        \(names)) COMPREPLY=( $(compgen -f -- \"$cur\") ); return ;;")
            case .folder: valueCases.append("        \(names)) COMPREPLY=( $(compgen -d -- \"$cur\") ); return ;;")
            case .text: valueCases.append("        \(names)) COMPREPLY=(); return ;;")
            }
        }
        var optionCases: [String] = []
        // `run` has no name to type: it is the command when no other was
        // recognised, so its case comes last, as `*`.
        for command in Table.commands.filter(\.typed) + Table.commands.filter({ !$0.typed }) {
            let names = Table.shownOptions.filter { Table.offers($0, for: command.name) }.flatMap(\.names)
            let label = command.typed ? command.name : "*"
            optionCases.append("            \(label)) options=\"\(names.joined(separator: " "))\" ;;")
        }
        var operandCases: [String] = []
        let lua = "COMPREPLY=( $(compgen -f -X '!*.lua' -- \"$cur\") $(compgen -d -- \"$cur\") )"
        for command in Table.commands where command.typed {
            let reply: String
            switch command.operand {
            case .none: reply = "COMPREPLY=()"
            case .screen: reply = lua
            case .paths: reply = "COMPREPLY=( $(compgen -f -- \"$cur\") )"
            case .folders: reply = "COMPREPLY=( $(compgen -d -- \"$cur\") )"
            case .words(let words):
                let list = words.isEmpty ? Table.helpNames : words
                reply = "COMPREPLY=( $(compgen -W \"\(list.joined(separator: " "))\" -- \"$cur\") )"
            }
            operandCases.append("        \(command.name)) \(reply) ;;")
        }
        return header("bash") + """
        _uihost() {
            local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}
            # `--theme=d`: bash splits at the `=` (COMP_WORDBREAKS).
            if [[ $cur == "=" ]]; then
                cur=
            elif [[ $prev == "=" ]]; then
                prev=${COMP_WORDS[COMP_CWORD-2]}
            fi
            # The command: the first word that is neither an option nor an option's value.
            local command= i
            for (( i = 1; i < COMP_CWORD; i++ )); do
                case ${COMP_WORDS[i]} in
                    \(valued.joined(separator: "|")))
                        [[ ${COMP_WORDS[i+1]} == "=" ]] && (( i++ ))
                        (( i++ )) ;;
                    -*|=) ;;
                    *) command=${COMP_WORDS[i]}; break ;;
                esac
            done
            case $prev in
        \(valueCases.joined(separator: "\n"))
            esac
            if [[ $cur == -* ]]; then
                local options
                case $command in
        \(optionCases.joined(separator: "\n"))
                esac
                COMPREPLY=( $(compgen -W "$options" -- "$cur") )
                return
            fi
            case $command in
                "") COMPREPLY=( $(compgen -W "\(Table.typedNames.joined(separator: " "))" -- "$cur") \\
                    $(compgen -f -X '!*.lua' -- "$cur") $(compgen -d -- "$cur") ) ;;
        \(operandCases.joined(separator: "\n"))
                *) COMPREPLY=() ;;
            esac
        }
        complete -o filenames -F _uihost uihost

        """
    }

    // MARK: - zsh

    /// `[`, `]`, `:` and `\` are _arguments syntax; `'` ends the quoting.
    static func zshEscaped(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "[", "]", ":", "\\": out += "\\" + String(c)
            case "'": out += "'\\''"
            default: out.append(c)
            }
        }
        return out
    }

    /// `_arguments` specs of the options offered after `command`.
    static func zshSpecs(for command: String) -> [String] {
        Table.shownOptions.filter { Table.offers($0, for: command) }.flatMap { option -> [String] in
            let help = zshEscaped(description(option.help))
            var action = ""
            if let value = option.value {
                let placeholder = zshEscaped(value.placeholder)
                switch value {
                case .choice(_, let words): action = ":\(placeholder):(\(words.joined(separator: " ")))"
                case .file: action = ":\(placeholder):_files"
                case .folder: action = ":\(placeholder):_files -/"
                case .text: action = ":\(placeholder): "
                }
            }
            return option.names.map { name in
                // A long option's value may follow `=`; a short one's may be joined (`-j4`).
                let form = option.value == nil ? name : name + (name.hasPrefix("--") ? "=" : "+")
                return "'\(option.repeatable ? "*" : "")\(form)[\(help)]\(action)'"
            }
        }
    }

    static var zsh: String {
        let commandList = Table.commands.filter(\.typed).map { "'\($0.name):\(zshEscaped(description($0.summary)))'" }
        var cases: [String] = []
        for command in Table.commands where command.typed {
            var specs = zshSpecs(for: command.name)
            switch command.operand {
            case .none: break
            case .screen: specs.append("'*:screen:_files -g \"*.lua(-.)\"'")
            case .paths: specs.append("'*:path:_files'")
            case .folders: specs.append("'*:folder:_files -/'")
            case .words(let words):
                specs.append("'1:\(command.name):(\((words.isEmpty ? Table.helpNames : words).joined(separator: " ")))'")
            }
            cases.append("    \(command.name)) _arguments -s : \\\n        " + specs.joined(separator: " \\\n        ")
                         + " && ret=0 ;;")
        }
        let run = zshSpecs(for: "run")
        return "#compdef uihost\n" + header("zsh") + """
        _uihost() {
          local curcontext=$curcontext state line ret=1
          local -a commands
          commands=(
            \(commandList.joined(separator: "\n    "))
          )
          # Before the command: the options of `uihost SCREEN.lua`.
          _arguments -s -C : \\
            \(run.joined(separator: " \\\n    ")) \\
            '1: :->command' \\
            '*:: :->argument' && ret=0
          case $state in
          command)
            _describe -t commands 'uihost command' commands && ret=0
            _files -g '*.lua(-.)' && ret=0 ;;
          argument)
            case $words[1] in
        \(cases.joined(separator: "\n"))
            *) _arguments -s : \\
                \(run.joined(separator: " \\\n        ")) && ret=0 ;;
            esac ;;
          esac
          return ret
        }

        _uihost "$@"

        """
    }

    // MARK: - fish

    /// Single-quoted for fish: `\` and `'` escaped.
    static func fishQuoted(_ text: String) -> String {
        var out = "'"
        for c in text {
            if c == "\\" || c == "'" { out.append("\\") }
            out.append(c)
        }
        return out + "'"
    }

    static var fish: String {
        let typed = Table.typedNames.joined(separator: " ")
        var lines = [
            "# No file names unless a command or an option asks for them.",
            "complete -c uihost -f",
        ]
        lines.append("# The commands, and `uihost SCREEN.lua`.")
        for command in Table.commands where command.typed {
            lines.append("complete -c uihost -n \"not __fish_seen_subcommand_from \(typed)\" -a \(command.name) -d "
                         + fishQuoted(description(command.summary)))
        }
        lines.append("complete -c uihost -n \"not __fish_seen_subcommand_from \(typed)\" -a \"(__fish_complete_suffix .lua)\"")
        lines.append("# What each command takes.")
        for command in Table.commands where command.typed {
            let when = "-n \"__fish_seen_subcommand_from \(command.name)\""
            switch command.operand {
            case .none: break
            case .screen: lines.append("complete -c uihost \(when) -a \"(__fish_complete_suffix .lua)\"")
            case .paths: lines.append("complete -c uihost \(when) -F")
            case .folders: lines.append("complete -c uihost \(when) -x -a \"(__fish_complete_directories)\"")
            case .words(let words):
                lines.append("complete -c uihost \(when) -x -a \(fishQuoted((words.isEmpty ? Table.helpNames : words).joined(separator: " ")))")
            }
        }
        lines.append("# The options, after the commands they are for.")
        for option in Table.shownOptions {
            var parts = ["complete -c uihost"]
            let offered = commands(offering: option)
            if offered.count < Table.commands.count {
                // `run` is any word that is not a command: offered before one is typed.
                let others = Table.commands.filter { $0.typed && !offered.contains($0.name) }.map(\.name)
                if offered.contains("run") {
                    parts.append("-n \"not __fish_seen_subcommand_from \(others.joined(separator: " "))\"")
                } else {
                    parts.append("-n \"__fish_seen_subcommand_from \(offered.joined(separator: " "))\"")
                }
            }
            for name in option.names {
                parts.append(name.hasPrefix("--") ? "-l " + name.dropFirst(2) : "-s " + name.dropFirst())
            }
            switch option.value {
            case nil: break
            case .choice(_, let words)?: parts.append("-x -a " + fishQuoted(words.joined(separator: " ")))
            case .file?: parts.append("-r -F")
            case .folder?: parts.append("-x -a \"(__fish_complete_directories)\"")
            case .text?: parts.append("-x")
            }
            parts.append("-d " + fishQuoted(description(option.help)))
            lines.append(parts.joined(separator: " "))
        }
        return header("fish") + lines.joined(separator: "\n") + "\n"
    }
}
