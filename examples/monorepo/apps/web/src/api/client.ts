export async function request(path: string) { return path }
