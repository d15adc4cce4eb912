// The page's only way to the library: the JSON API of sealed serve (docs/serve.md).

/** A refusal from the server: its one-line message and HTTP status. */
export class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

async function send(path, body) {
  const options = body === undefined
    ? { headers: { Accept: "application/json" } }
    : { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify(body) };
  let response;
  try {
    response = await fetch(path, options);
  } catch (error) {
    throw new ApiError("the Sealed server does not answer: is sealed serve still running?", 0);
  }
  if (!response.ok) {
    let message = `${response.status} ${response.statusText}`;
    try {
      message = (await response.json()).error || message;
    } catch (ignored) { /* not JSON */ }
    throw new ApiError(message, response.status);
  }
  return response;
}

/** GET (no body) or POST (a JSON body) to the API; resolves to the JSON reply. */
export async function api(path, body) {
  return (await send(path, body)).json();
}

/** POSTs `body` and saves the reply as the file the server names (Content-Disposition). */
export async function download(path, body) {
  const response = await send(path, body);
  const disposition = response.headers.get("Content-Disposition") || "";
  const match = /filename="([^"]+)"/.exec(disposition);
  const name = match ? match[1] : "sealed-download";
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
  return name;
}
