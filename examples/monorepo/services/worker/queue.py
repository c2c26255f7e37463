def handle(msg): return msg
