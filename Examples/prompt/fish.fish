# ~/.config/fish/functions/fish_right_prompt.fish: the day's habits on the right.
# `habits prompt` reads only local data and prints nothing on failure.
function fish_right_prompt
    habits prompt
end
