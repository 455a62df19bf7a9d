import HabitCore

print("placeholder")
