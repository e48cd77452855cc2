// The engine in the browser, for the live page and the Play page alike: Pyodide and the
// engine (millebornes.zip) from the folder MB_LIVE_RUNTIME names
// (docs/_ext/millebornes_live.py); nothing comes from the network. mbLoadEngine()
// resolves to the Pyodide instance with the engine importable.
"use strict";
window.mbLoadEngine = async function () {
  const runtime = new URL(window.MB_LIVE_RUNTIME || "_live/", location.href).href;
  await new Promise((resolve, reject) => {
    const script = document.createElement("script");
    script.src = runtime + "pyodide.js";
    script.onload = resolve;
    script.onerror = () => reject(new Error("cannot load " + script.src));
    document.head.append(script);
  });
  const pyodide = await loadPyodide({indexURL: runtime, lockFileURL: runtime + "pyodide-lock.json"});
  const engine = await fetch(runtime + "millebornes.zip");
  if (!engine.ok) throw new Error("cannot load " + engine.url + " (" + engine.status + ")");
  pyodide.unpackArchive(await engine.arrayBuffer(), "zip", {extractDir: "/home/pyodide/engine"});
  pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide/engine')");
  return pyodide;
};
