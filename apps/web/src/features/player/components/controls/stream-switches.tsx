import { formatSwitch, switchesFor, voiceSwitch, type Streams, type Variant } from "../../lib/variants";
import { SwitchGroup } from "./switch-group";

/** Audio | Video and Male | Female, each only when this entry offers the choice. */
export function StreamSwitches({
  streams,
  music,
  variant,
  onSwitch,
}: {
  streams: Streams;
  music: boolean;
  variant: Variant;
  onSwitch: (target: Variant) => void;
}) {
  const offers = switchesFor(streams, music);
  const format = formatSwitch(streams, music, variant);
  const voice = voiceSwitch(streams, music, variant);
  return (
    <>
      {offers.format && (
        <SwitchGroup
          label="Format"
          options={[
            {
              label: "Audio",
              icon: "headphones",
              pressed: variant.format === "audio",
              state: variant.format === "audio" ? null : format,
            },
            { label: "Video", icon: "video", pressed: variant.format === "video", state: variant.format === "video" ? null : format },
          ]}
          onSwitch={onSwitch}
        />
      )}
      {offers.voice && (
        <SwitchGroup
          label="Voice"
          options={[
            { label: "Male", pressed: variant.voice === "male", state: variant.voice === "male" ? null : voice },
            { label: "Female", pressed: variant.voice === "female", state: variant.voice === "female" ? null : voice },
          ]}
          onSwitch={onSwitch}
        />
      )}
    </>
  );
}
