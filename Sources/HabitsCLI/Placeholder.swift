import HabitCore
