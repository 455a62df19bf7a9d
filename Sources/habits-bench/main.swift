import HabitCore
print("placeholder")
