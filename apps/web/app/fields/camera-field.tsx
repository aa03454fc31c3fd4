import { SHUTTER_FLASH_MS } from "@pinjaman/domain/timings";
import { t } from "@pinjaman/i18n";
import { useCallback, useEffect, useRef, useState } from "react";
import type { FieldRendererProps } from "./field-props.ts";
import { FieldFrame } from "./field-frame.tsx";
import { UploadProgress, uploadErrorMessage } from "./upload-progress.tsx";
import { uploadFieldFile } from "./upload-client.ts";
import "@pinjaman/i18n/ns/media_fields";
import "./media-fields.css";

/** Spec section 4 "Camera snapshot field". */
export type CameraPhase = "off" | "live" | "captured" | "uploading" | "uploaded";

const JPEG_QUALITY = 0.9;
/** Used when the stream reports no size yet (a fake camera before its first frame). */
const FALLBACK_SIZE = { width: 640, height: 480 };

/**
 * The text shown when the camera cannot be opened: the lender UI's Indonesian sentence (spec
 * section 8), with the browser's own explanation in brackets when it gives one. The English
 * "Can not access your camera" is kept in the catalogue for the console only.
 */
export function cameraErrorText(error: unknown): string {
  const message = error instanceof Error || (typeof error === "object" && error !== null && "message" in error)
    ? String((error as { message: unknown }).message ?? "").trim()
    : "";
  return message === "" ? t("media_fields.camera.access_error") : t("media_fields.camera.access_error_detail", { message });
}

function stopStream(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

function frameToJpeg(video: HTMLVideoElement): Promise<Blob> {
  const canvas = document.createElement("canvas");
  canvas.width = video.videoWidth || FALLBACK_SIZE.width;
  canvas.height = video.videoHeight || FALLBACK_SIZE.height;
  const context = canvas.getContext("2d");
  if (!context) return Promise.reject(new Error(t("media_fields.camera.capture_failed")));
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error(t("media_fields.camera.capture_failed")))), "image/jpeg", JPEG_QUALITY);
  });
}

/**
 * camera_front / camera_rear: off → live stream → captured (500 ms shutter flash, stream stopped)
 * → accepted (upload with progress) → uploaded, or an error under the field. The front variant
 * asks for the user-facing camera, the rear one for the environment-facing camera; with several
 * cameras a button switches to the next one in turn.
 */
export default function CameraField({ field, value, onChange, errors, disabled, context }: FieldRendererProps) {
  const facingMode = field.templateKey === "camera_front" ? "user" : "environment";
  const [phase, setPhase] = useState<CameraPhase>(typeof value === "string" && value !== "" ? "uploaded" : "off");
  const [error, setError] = useState<string | null>(null);
  const [flash, setFlash] = useState(false);
  const [progress, setProgress] = useState(0);
  const [cameras, setCameras] = useState<MediaDeviceInfo[]>([]);
  const [cameraIndex, setCameraIndex] = useState<number | null>(null);
  const [photoUrl, setPhotoUrl] = useState<string | null>(null);

  const videoRef = useRef<HTMLVideoElement | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const photoRef = useRef<{ blob: Blob; filename: string } | null>(null);
  const flashTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const uploadAbort = useRef<AbortController | null>(null);
  const mounted = useRef(true);
  const { onFilePresign } = context;

  const releaseCamera = useCallback(() => {
    stopStream(streamRef.current);
    streamRef.current = null;
  }, []);

  const showPhoto = useCallback((url: string | null) => {
    setPhotoUrl((previous) => {
      if (previous) URL.revokeObjectURL(previous);
      return url;
    });
  }, []);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      releaseCamera();
      uploadAbort.current?.abort();
      if (flashTimer.current) clearTimeout(flashTimer.current);
      setPhotoUrl((previous) => {
        if (previous) URL.revokeObjectURL(previous);
        return null;
      });
    };
  }, [releaseCamera]);

  async function startCamera(index: number | null = cameraIndex, known: MediaDeviceInfo[] = cameras) {
    setError(null);
    releaseCamera();
    const media = typeof navigator === "undefined" ? undefined : navigator.mediaDevices;
    if (!media?.getUserMedia) {
      console.warn(t("media_fields.camera.access_error_source"));
      setError(t("media_fields.camera.access_error"));
      setPhase("off");
      return;
    }
    const deviceId = index !== null ? known[index]?.deviceId : undefined;
    try {
      const stream = await media.getUserMedia({
        video: deviceId ? { deviceId: { exact: deviceId } } : { facingMode },
        audio: false,
      });
      if (!mounted.current) {
        stopStream(stream);
        return;
      }
      streamRef.current = stream;
      setPhase("live");
      // Device labels and ids are only complete once permission is granted, so list them now.
      if (known.length === 0 && media.enumerateDevices) {
        const devices = await media.enumerateDevices();
        if (mounted.current) setCameras(devices.filter((device) => device.kind === "videoinput"));
      }
    } catch (cause) {
      console.warn(t("media_fields.camera.access_error_source"), cause);
      if (!mounted.current) return;
      setError(cameraErrorText(cause));
      setPhase("off");
    }
  }

  // The <video> exists only while live: attach the stream once it is in the page.
  useEffect(() => {
    const video = videoRef.current;
    if (phase !== "live" || !video || !streamRef.current) return;
    video.srcObject = streamRef.current;
    void video.play?.()?.catch?.(() => undefined);
  }, [phase, cameraIndex]);

  async function capture() {
    const video = videoRef.current;
    if (!video) return;
    try {
      const blob = await frameToJpeg(video);
      if (!mounted.current) return;
      releaseCamera();
      photoRef.current = { blob, filename: `${Date.now()}.jpg` };
      showPhoto(URL.createObjectURL(blob));
      setPhase("captured");
      setFlash(true);
      if (flashTimer.current) clearTimeout(flashTimer.current);
      flashTimer.current = setTimeout(() => setFlash(false), SHUTTER_FLASH_MS);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : t("media_fields.camera.capture_failed"));
    }
  }

  async function accept() {
    const photo = photoRef.current;
    if (!photo) return;
    setError(null);
    setProgress(0);
    setPhase("uploading");
    const abort = new AbortController();
    uploadAbort.current = abort;
    try {
      const uploaded = await uploadFieldFile(photo.blob, photo.filename, {
        presign: onFilePresign,
        onProgress: (percent) => {
          if (mounted.current) setProgress(percent);
        },
        signal: abort.signal,
      });
      if (!mounted.current) return;
      onChange(uploaded);
      setPhase("uploaded");
    } catch (cause) {
      if (!mounted.current || abort.signal.aborted) return;
      setError(uploadErrorMessage(cause));
      setPhase("captured");
    }
  }

  function retake() {
    photoRef.current = null;
    showPhoto(null);
    setFlash(false);
    if (value !== null && value !== "") onChange(null);
    void startCamera();
  }

  function switchCamera() {
    if (cameras.length < 2) return;
    const current = cameraIndex ?? Math.max(0, cameras.findIndex((c) => c.deviceId === streamRef.current?.getVideoTracks?.()[0]?.getSettings?.().deviceId));
    const next = (current + 1) % cameras.length;
    setCameraIndex(next);
    void startCamera(next, cameras);
  }

  const shownErrors = error ? [error, ...errors] : errors;
  const locked = disabled || field.readOnly;

  return (
    <FieldFrame field={field} errors={shownErrors} labelMode="group" className="media-field camera-field">
      {() => (
        <div className="camera-field__body" data-phase={phase}>
          {phase === "live" && (
            <video ref={videoRef} className="camera-field__video" autoPlay playsInline muted aria-label={t("media_fields.camera.video_label")} />
          )}
          {(phase === "captured" || phase === "uploading") && photoUrl && (
            <div className="camera-field__photo">
              <img src={photoUrl} alt={t("media_fields.camera.photo_alt")} />
              {flash && <div className="camera-field__flash" data-testid="shutter-flash" aria-hidden="true" />}
            </div>
          )}
          {phase === "uploading" && <UploadProgress percent={progress} label={t("media_fields.camera.uploading")} />}
          {phase === "uploaded" && (
            <p className="media-field__done" role="status">
              {t("media_fields.camera.uploaded")}
            </p>
          )}
          <div className="media-field__actions">
            {phase === "off" && (
              <button type="button" className="button button--primary" disabled={locked} onClick={() => void startCamera()}>
                {t("media_fields.camera.start")}
              </button>
            )}
            {phase === "live" && (
              <>
                <button type="button" className="button button--primary" disabled={locked} onClick={() => void capture()}>
                  {t("media_fields.camera.capture")}
                </button>
                {cameras.length > 1 && (
                  <button type="button" className="button button--outline" disabled={locked} onClick={switchCamera}>
                    {t("media_fields.camera.switch")}
                  </button>
                )}
              </>
            )}
            {phase === "captured" && (
              <button type="button" className="button button--primary" disabled={locked} onClick={() => void accept()}>
                {t("media_fields.camera.accept")}
              </button>
            )}
            {(phase === "captured" || phase === "uploaded") && (
              <button type="button" className="button button--outline" disabled={locked} onClick={retake}>
                {t("media_fields.camera.retake")}
              </button>
            )}
          </div>
        </div>
      )}
    </FieldFrame>
  );
}
