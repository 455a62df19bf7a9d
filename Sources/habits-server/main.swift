print("habits-server")
