import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatWeight, type WeightUnit } from '#shared/weight';
import { FormError } from '../../../components/ui/states';
import { bothNames } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { type PackingOrder, useMarkScannedLine } from '../api/packing';
import { scanAction } from './pick-scan';

type Said = { tone: 'ok' | 'refused'; text: string };

/**
 * Confirms picks of one order by scan (docs/product.md, Packing): a USB or Bluetooth scanner types
 * the code and Enter into the field (typed digits work too), or the phone's camera reads it where
 * the browser has a BarcodeDetector. A wrong product is refused here and nothing is sent.
 */
export function ScanField({ order, unit }: { order: PackingOrder; unit: WeightUnit }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const field = useRef<HTMLInputElement>(null);
  const mark = useMarkScannedLine(order.order_no);
  const [code, setCode] = useState('');
  const [said, setSaid] = useState<Said | null>(null);
  const [camera, setCamera] = useState(false);
  const canDetect = hasBarcodeDetector();

  const take = (raw: string) => {
    const action = scanAction(raw, order.lines, unit);
    setCode('');
    mark.reset();
    if (action.kind === 'refuse') {
      const name = action.line ? bothNames(action.line, language)[0] : '';
      const max = action.reason === 'badWeight' ? formatWeight(action.max, unit, language) : '';
      setSaid({ tone: 'refused', text: t(`packing.scan.refused.${action.reason}`, { name, max }) });
      return;
    }
    const [name] = bothNames(action.line, language);
    setSaid(null);
    if (action.kind === 'pick') {
      mark.mutate(
        { lineId: action.line.id, mark: { state: 'picked' } },
        { onSuccess: () => setSaid({ tone: 'ok', text: t('packing.scan.picked', { name }) }) },
      );
      return;
    }
    const weight = formatWeight(action.grams, action.line.weight?.unit ?? unit, language);
    mark.mutate(
      { lineId: action.line.id, mark: { state: 'picked', grams: action.grams } },
      { onSuccess: () => setSaid({ tone: 'ok', text: t('packing.scan.weighed', { name, weight }) }) },
    );
  };
  const takeRef = useRef(take);
  takeRef.current = take;
  const fromCamera = useCallback((raw: string) => {
    setCamera(false);
    takeRef.current(raw);
    field.current?.focus();
  }, []);

  return (
    <div className="packing-scan">
      <form
        className="packing-scan-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (code.trim() === '') return;
          take(code);
        }}
      >
        <label htmlFor={`${id}-code`}>{t('packing.scan.labelOrder', { orderNo: order.order_no })}</label>
        <input
          ref={field}
          id={`${id}-code`}
          className="packing-scan-input"
          inputMode="numeric"
          autoComplete="off"
          enterKeyHint="done"
          value={code}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setCode(event.currentTarget.value)}
        />
        <button type="submit" className="button button-primary" disabled={mark.isPending}>
          {t('packing.scan.check')}
        </button>
        {canDetect ? (
          <button
            type="button"
            className="button button-secondary"
            aria-expanded={camera}
            onClick={() => setCamera(!camera)}
          >
            {camera ? t('packing.scan.closeCamera') : t('packing.scan.camera')}
          </button>
        ) : null}
        <p id={`${id}-hint`} className="admin-hint">
          {t('packing.scan.hint')}
        </p>
      </form>
      {camera ? (
        <CameraScan
          onCode={fromCamera}
          onFailed={() => {
            setCamera(false);
            setSaid(cameraFailed(t));
          }}
        />
      ) : null}
      {said?.tone === 'ok' ? (
        <p className="packing-scan-said is-ok" role="status">
          {said.text}
        </p>
      ) : null}
      {said?.tone === 'refused' ? (
        <p className="packing-scan-said is-refused" role="alert">
          {said.text}
        </p>
      ) : null}
      <FormError error={mark.error} />
    </div>
  );
}

const cameraFailed = (t: (key: string) => string): Said => ({
  tone: 'refused',
  text: t('packing.scan.cameraFailed'),
});

/* The Barcode Detection API: not in every browser, nor yet in TypeScript's DOM types. */
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type BarcodeDetectorType = new (options?: { formats?: string[] }) => BarcodeDetectorLike;

function hasBarcodeDetector(): boolean {
  return typeof window !== 'undefined' && 'BarcodeDetector' in window;
}

/** The formats a pack barcode or a scale label comes in (src/shared/barcode.ts). */
const FORMATS = ['ean_13', 'ean_8', 'upc_a'];
/** How often a video frame is looked at for a code. */
const LOOK_EVERY_MS = 250;

/** The back camera's picture, read until it shows a code; the camera is stopped on close. */
function CameraScan({ onCode, onFailed }: { onCode: (raw: string) => void; onFailed: () => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const failedRef = useRef(onFailed);
  failedRef.current = onFailed;
  useEffect(() => {
    const Detector = (window as unknown as { BarcodeDetector?: BarcodeDetectorType }).BarcodeDetector;
    if (!Detector || !navigator.mediaDevices) {
      failedRef.current();
      return;
    }
    const detector = new Detector({ formats: FORMATS });
    let stream: MediaStream | undefined;
    let stopped = false;
    let timer: number | undefined;
    const stop = () => {
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
    const look = async () => {
      if (stopped || !video.current) return;
      const found = await detector.detect(video.current).catch(() => []);
      const first = found[0];
      if (stopped) return;
      if (first) {
        onCode(first.rawValue);
        return;
      }
      timer = window.setTimeout(look, LOOK_EVERY_MS);
    };
    navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } }).then(
      (opened) => {
        stream = opened;
        if (stopped || !video.current) return stop();
        video.current.srcObject = opened;
        void video.current.play().catch(() => undefined);
        void look();
      },
      () => {
        if (!stopped) failedRef.current();
      },
    );
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stop();
    };
  }, [onCode]);
  return (
    <video
      ref={video}
      className="packing-camera"
      aria-label={t('packing.scan.cameraVideo')}
      muted
      playsInline
    />
  );
}
