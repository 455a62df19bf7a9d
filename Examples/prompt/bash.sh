# ~/.bashrc: the day's habits before the prompt ("3/5 ✓ 12d ~/src $").
# `habits prompt` reads only local data and prints nothing on failure.
PS1='$(habits prompt) \w \$ '
