import type { ContentCard } from "@serene/contracts";
import { MIXER_MAX_LAYERS } from "@serene/domain";
import { useEffect, useState, type FormEvent } from "react";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Input } from "../../../components/ui/input";
import { toast } from "../../../components/ui/toast-store";
import { useServerFieldErrors } from "../../../lib/form-errors";
import { openSubscriptionOffer } from "../../../lib/buying/subscription-offer";
import { bedStream, useBeds, useDeleteMix, useMixes, useSaveMix } from "../api/mixes";
import { useIsSubscriber } from "../hooks/use-is-subscriber";
import { useMixer } from "../hooks/use-mixer";
import { mixer, type MixerLayer } from "../lib/mixer-engine";
import { Cover } from "./cover";
import { PlayerIcon } from "./icons";
import styles from "./mixer.module.css";

/**
 * The Sounds mixer (decision 044): up to three soundscapes together, each at its own volume, played in a loop
 * until stopped, and kept as the member's own named mixes. A mix that plays goes on when the member leaves the
 * page, in the mini-player (decision 048); sounds chosen and never played are let go.
 */
export function Mixer() {
  const state = useMixer();
  const beds = useBeds();
  const subscriber = useIsSubscriber();
  const [saving, setSaving] = useState(false);
  useEffect(
    () => () => {
      if (!mixer.getState().started) mixer.clear();
    },
    [],
  );

  const locked = (card: ContentCard) => !card.free && subscriber !== true;
  const chosen = (id: number) => state.layers.some((layer) => layer.id === id);

  async function addBed(card: ContentCard) {
    if (locked(card)) return openSubscriptionOffer("locked");
    if (chosen(card.id)) return mixer.remove(card.id);
    const url = await bedStream(card.id).catch(() => null);
    if (!url) return toast.error("This sound could not be loaded just now.");
    mixer.add({ id: card.id, name: card.name, cover: card.cover, url, volume: 0.7 });
  }

  return (
    <section className={styles.mixer} aria-labelledby="mixer-title">
      <header className={styles.head}>
        <h2 id="mixer-title">Mix your own</h2>
        <p>Choose up to three sounds and set each one as loud as you like. They play together until you stop them.</p>
      </header>

      <div className={styles.deck}>
        {state.layers.length === 0 ? (
          <p className={styles.hint}>Pick a sound below to start your mix.</p>
        ) : (
          <ul className={styles.layers} aria-label="Sounds in your mix">
            {state.layers.map((layer) => (
              <li key={layer.id} className={styles.layer}>
                <Cover src={layer.cover} className={styles.layerCover} blankClassName={styles.layerCover} />
                <span className={styles.layerName}>{layer.name}</span>
                <input
                  className={styles.range}
                  type="range"
                  min={0}
                  max={1}
                  step={0.05}
                  value={layer.volume}
                  aria-label={`${layer.name} volume`}
                  aria-valuetext={`${Math.round(layer.volume * 100)}%`}
                  onChange={(event) => mixer.setVolume(layer.id, Number(event.target.value))}
                />
                <button type="button" className={styles.remove} aria-label={`Remove ${layer.name}`} onClick={() => mixer.remove(layer.id)}>
                  <PlayerIcon name="close" />
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className={styles.actions}>
          <Button onClick={() => (state.playing ? mixer.stop() : mixer.play())} disabled={state.layers.length === 0}>
            <PlayerIcon name={state.playing ? "pause" : "play"} />
            {state.playing ? "Pause the mix" : "Play the mix"}
          </Button>
          <Button variant="secondary" onClick={() => setSaving(true)} disabled={state.layers.length === 0 || saving}>
            Save this mix
          </Button>
        </div>
        {saving && <SaveMix layers={state.layers} onDone={() => setSaving(false)} />}
      </div>

      <div className={styles.choices}>
        <h3>Sounds</h3>
        <p className={styles.count} aria-live="polite">
          {state.layers.length} of {MIXER_MAX_LAYERS} chosen
        </p>
        <ul className={styles.beds}>
          {(beds.data ?? []).map((card) => {
            const isChosen = chosen(card.id);
            const full = !isChosen && state.layers.length >= MIXER_MAX_LAYERS;
            return (
              <li key={card.id}>
                <button
                  type="button"
                  className={styles.bed}
                  aria-pressed={isChosen}
                  aria-label={locked(card) ? `${card.name}, locked` : undefined}
                  disabled={full}
                  onClick={() => void addBed(card)}
                >
                  <Cover src={card.cover} className={styles.bedCover} blankClassName={styles.bedCover} />
                  <span>{card.name}</span>
                  {locked(card) && <PlayerIcon name="lock" className={styles.lock} />}
                  {isChosen && <PlayerIcon name="check" className={styles.check} />}
                </button>
              </li>
            );
          })}
        </ul>
      </div>

      <SavedMixes />
    </section>
  );
}

function SaveMix({ layers, onDone }: { layers: MixerLayer[]; onDone: () => void }) {
  const [name, setName] = useState("");
  const save = useSaveMix();
  const server = useServerFieldErrors({ messages: "first" });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    server.clear();
    save.mutate(
      { name, layers: layers.map((layer) => ({ id: layer.id, volume: layer.volume })) },
      {
        onSuccess: (mix) => {
          toast.success(`Saved “${mix.name}”.`);
          onDone();
        },
        onError: server.capture,
      },
    );
  };
  const layerError = Object.entries(server.errors).find(([field]) => field.startsWith("layers"))?.[1];
  return (
    <form className={styles.save} onSubmit={submit} noValidate>
      {server.formMessage && (
        <p className={styles.formError} role="alert">
          {server.formMessage}
        </p>
      )}
      <Input
        label="Name your mix"
        value={name}
        maxLength={60}
        onChange={(event) => setName(event.target.value)}
        errors={server.errors.name ?? layerError}
        autoFocus
      />
      <div className={styles.actions}>
        <Button type="submit" disabled={save.isPending}>
          Save
        </Button>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function SavedMixes() {
  const mixes = useMixes();
  const remove = useDeleteMix();
  const [asked, setAsked] = useState<{ id: string; name: string } | null>(null);
  const subscriber = useIsSubscriber();

  async function playMix(layers: { id: number; name: string; cover: string; volume: number }[]) {
    const urls = await Promise.all(layers.map((layer) => bedStream(layer.id).catch(() => null)));
    const playable = layers.flatMap((layer, index) => (urls[index] ? [{ ...layer, url: urls[index]! }] : []));
    if (playable.length === 0)
      return subscriber === true ? toast.error("This mix could not be loaded just now.") : openSubscriptionOffer("locked");
    mixer.setLayers(playable);
    mixer.play();
  }

  return (
    <div className={styles.saved}>
      <h3>Your mixes</h3>
      {!mixes.data || mixes.data.length === 0 ? (
        <p className={styles.hint}>Save a mix and it waits for you here.</p>
      ) : (
        <ul className={styles.savedList}>
          {mixes.data.map((mix) => (
            <li key={mix.id} className={styles.savedMix}>
              <span className={styles.savedText}>
                <span className={styles.savedName}>{mix.name}</span>
                <span className={styles.savedLayers}>{mix.layers.map((layer) => layer.name).join(" · ")}</span>
              </span>
              <Button size="sm" onClick={() => void playMix(mix.layers)} aria-label={`Play ${mix.name}`}>
                Play
              </Button>
              <Button
                size="sm"
                variant="secondary"
                onClick={() => setAsked({ id: mix.id, name: mix.name })}
                aria-label={`Delete ${mix.name}`}
              >
                Delete
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={asked !== null}
        title="Are you sure?"
        confirmLabel="Delete"
        cancelLabel="Keep it"
        busy={remove.isPending}
        onCancel={() => setAsked(null)}
        onConfirm={() => {
          if (!asked) return;
          remove.mutate(asked.id, {
            onSuccess: () => {
              toast.success("Successfully deleted");
              setAsked(null);
            },
          });
        }}
      >
        {asked ? `“${asked.name}” will be gone from your mixes.` : null}
      </ConfirmDialog>
    </div>
  );
}
