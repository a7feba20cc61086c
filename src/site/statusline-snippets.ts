/**
 * How to install and wire the status-line client (scripts/statusline.sh): the one source of the snippets
 * that the developers page shows and docs/statusline.md quotes (a test holds the doc to these, and both
 * to what the script does: its install path, its 2-second timeout, the "%" it prints). Pure.
 */
import { siteUrl } from '../core/site.ts';

/** Where the install snippet puts the script; every other snippet runs it from here. */
export const STATUSLINE_BIN = '~/.local/bin/resetcast-statusline';

export interface Snippet {
  /** Heading on the page and in the doc. */
  name: string;
  /** The file it goes in, or null for commands to run. */
  file: string | null;
  /** Language of the doc's code fence. */
  lang: string;
  code: string;
}

export function statuslineSnippets(base: string): Record<'install' | 'claude' | 'tmux' | 'starship' | 'zsh', Snippet> {
  return {
    install: {
      name: 'Install',
      file: null,
      lang: 'sh',
      code: [
        'mkdir -p ~/.local/bin',
        `curl -fsSL ${siteUrl('/statusline.sh', base)} -o ${STATUSLINE_BIN}`,
        `chmod +x ${STATUSLINE_BIN}`,
        `${STATUSLINE_BIN}   # → reset odds 24h: 15%`,
      ].join('\n'),
    },
    claude: {
      name: 'Claude Code',
      file: '~/.claude/settings.json',
      lang: 'json',
      code: JSON.stringify({ statusLine: { type: 'command', command: STATUSLINE_BIN, padding: 0 } }, null, 2),
    },
    // tmux runs #() in the background: a slow request never freezes it. Its status-right keeps 40 characters
    // by default, fewer than the line with your own limits (about 70).
    tmux: {
      name: 'tmux',
      file: '~/.tmux.conf',
      lang: 'tmux',
      code: ['set -g status-interval 60', 'set -g status-right-length 100', `set -g status-right '#(${STATUSLINE_BIN}) | %H:%M'`].join(
        '\n',
      ),
    },
    // Starship waits 500 ms for a custom command by default; the script's one request may take its full 2 s.
    starship: {
      name: 'Starship',
      file: '~/.config/starship.toml',
      lang: 'toml',
      code: [
        'command_timeout = 2500',
        '',
        '[custom.resetcast]',
        `command = "${STATUSLINE_BIN}"`,
        'when = true',
        'shell = ["sh"]',
        'format = "[$output]($style) "',
        'style = "dimmed"',
      ].join('\n'),
    },
    // Once per prompt in precmd (not on every redraw), with the script's "%" doubled so zsh prints it.
    zsh: {
      name: 'zsh',
      file: '~/.zshrc',
      lang: 'zsh',
      code: [
        `resetcast_precmd() { RESETCAST_ODDS=\${$(${STATUSLINE_BIN})//\\%/%%} }`,
        'autoload -Uz add-zsh-hook',
        'add-zsh-hook precmd resetcast_precmd',
        `RPROMPT='\${RESETCAST_ODDS}'`,
        'setopt PROMPT_SUBST',
      ].join('\n'),
    },
  };
}
