"""Make tracker/static/tracker/awake.webm: the tiny silent video that keeps a phone's screen on
where the Screen Wake Lock API is missing (a page over plain http on the LAN; play.js).

A browser holds the screen on for a playing video only if it has a picture and sound (Gecko
asks for an audio track, Blink for audible sound or a video covering a fifth of the screen):
so the file carries a video track and a silent audio track, 2 seconds long, 16 × 16 pixels.
It is recorded by Debian's Chromium itself (MediaRecorder: VP8 and Opus), so no encoder is
needed: ``.venv/bin/python tools/make_awake_video.py``.
"""

import base64
from pathlib import Path

from playwright.sync_api import sync_playwright

OUT = Path(__file__).resolve().parent.parent / "tracker" / "static" / "tracker" / "awake.webm"

RECORD = """async () => {
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 16;
  const paint = canvas.getContext("2d");
  const audio = new AudioContext();
  const silence = audio.createGain();
  silence.gain.value = 0;
  const tone = audio.createOscillator();
  tone.connect(silence);
  const sound = audio.createMediaStreamDestination();
  silence.connect(sound);
  tone.start();
  const stream = canvas.captureStream(4);
  stream.addTrack(sound.stream.getAudioTracks()[0]);
  const recorder = new MediaRecorder(stream, {
    mimeType: "video/webm;codecs=vp8,opus", videoBitsPerSecond: 20000, audioBitsPerSecond: 6000,
  });
  const parts = [];
  recorder.ondataavailable = (event) => parts.push(event.data);
  const done = new Promise((resolve) => { recorder.onstop = resolve; });
  recorder.start();
  for (let frame = 0; frame < 8; frame += 1) {
    paint.fillStyle = frame % 2 ? "#000001" : "#000000";
    paint.fillRect(0, 0, 16, 16);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  recorder.stop();
  await done;
  const bytes = new Uint8Array(await new Blob(parts, { type: "video/webm" }).arrayBuffer());
  let text = "";
  bytes.forEach((byte) => { text += String.fromCharCode(byte); });
  return btoa(text);
}"""


def main() -> None:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium",
            args=["--headless", "--no-sandbox", "--autoplay-policy=no-user-gesture-required"],
        )
        page = browser.new_page()
        page.goto("about:blank")
        OUT.write_bytes(base64.b64decode(page.evaluate(RECORD)))
        browser.close()
    print(f"{OUT}: {OUT.stat().st_size} bytes")


if __name__ == "__main__":
    main()
