// The query API as the live pages use it: JSON reads and a Server-Sent Events stream, both with the
// visitor's credentials when reads need them (an API key or a bearer token, kept in this browser's
// localStorage and sent as a header, never in a URL). The stream is read with fetch rather than
// EventSource, because EventSource cannot send headers.
"use strict";
const Api = (() => {
  const STORE = "leaderboard.credential";

  function headers() {
    const credential = localStorage.getItem(STORE) || "";
    if (!credential) return {};
    return credential.split(".").length === 3
      ? { Authorization: "Bearer " + credential }
      : { "X-API-Key": credential };
  }

  class HttpError extends Error {
    constructor(status, problem) {
      super((problem && (problem.detail || problem.title)) || "HTTP " + status);
      this.status = status;
    }
  }

  async function json(path) {
    const response = await fetch(path, { headers: { ...headers(), Accept: "application/json" } });
    if (!response.ok) {
      throw new HttpError(response.status, await response.json().catch(() => null));
    }
    return response.json();
  }

  /** Calls onEvent(name, data) for every event; reconnects until closed. */
  function stream(path, onEvent, onState) {
    let closed = false;
    let controller = null;
    async function connect() {
      while (!closed) {
        controller = new AbortController();
        try {
          const response = await fetch(path, {
            headers: { ...headers(), Accept: "text/event-stream" },
            signal: controller.signal,
            cache: "no-store",
          });
          if (!response.ok) {
            const failure = new HttpError(response.status, await response.json().catch(() => null));
            onState("failed", failure);
            if (response.status < 500) return;
          } else {
            onState("open");
            await read(response.body.getReader(), onEvent);
          }
        } catch (e) {
          if (closed) return;
        }
        if (!closed) {
          onState("reconnecting");
          await new Promise((resolve) => setTimeout(resolve, 2000));
        }
      }
    }
    connect();
    return {
      close() {
        closed = true;
        if (controller) controller.abort();
      },
    };
  }

  async function read(reader, onEvent) {
    const decoder = new TextDecoder();
    let buffer = "";
    let name = "message";
    let data = [];
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let newline;
      while ((newline = buffer.search(/\r?\n/)) >= 0) {
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(buffer[newline] === "\r" ? newline + 2 : newline + 1);
        if (line === "") {
          if (data.length) onEvent(name, JSON.parse(data.join("\n")));
          name = "message";
          data = [];
        } else if (line.startsWith("event:")) {
          name = line.slice(6).trim();
        } else if (line.startsWith("data:")) {
          data.push(line.slice(5).replace(/^ /, ""));
        }
      }
    }
  }

  /** Shows the credential bar after a 401/403; retry() runs once a credential is saved. */
  function askForCredential(error, retry) {
    const bar = document.getElementById("auth");
    bar.hidden = false;
    bar.innerHTML = "";
    const text = document.createElement("span");
    text.textContent =
      error.status === 403
        ? "This key may not read leaderboards (it needs the READER role)."
        : "Reading this service needs an API key or a bearer token.";
    const form = document.createElement("form");
    const input = document.createElement("input");
    input.type = "password";
    input.placeholder = "API key or token";
    input.autocomplete = "off";
    const button = document.createElement("button");
    button.textContent = "Use";
    form.append(input, button);
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      localStorage.setItem(STORE, input.value.trim());
      bar.hidden = true;
      retry();
    });
    bar.append(text, form);
  }

  return { json, stream, askForCredential, HttpError };
})();
