# ~/.zshrc: the day's habits on the right of the prompt.
# `habits prompt` reads only local data and prints nothing on failure.
setopt PROMPT_SUBST
RPROMPT='$(habits prompt)'
