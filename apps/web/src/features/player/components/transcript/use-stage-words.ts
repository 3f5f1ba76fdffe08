import { currentCueIndex } from "@serene/domain";
import { useId, useState } from "react";
import { useCaptions } from "../../api/captions";
import { streamField, type Streams, type Variant } from "../../lib/variants";
import { useCaptionsSetting } from "./captions";

/**
 * The words of the stream chosen now (decision 046): its captions file (a voice switch loads that voice's own; only
 * for a stream the member may play), captions on or off, the transcript open or not, and the line being spoken.
 */
export function useStageWords(streams: Streams, variant: Variant, locked: boolean, position: number) {
  const captionsUrl = locked ? null : (streams[streamField(variant)]?.hls.captions ?? null);
  const [captionsOn, setCaptionsOn] = useCaptionsSetting();
  const [transcriptOpen, setTranscriptOpen] = useState(false);
  const transcriptId = useId();
  const captions = useCaptions(captionsUrl, captionsOn || transcriptOpen);
  const cues = captions.data;
  const spoken = cues ? currentCueIndex(cues, position) : -1;
  return {
    captionsUrl,
    captionsOn,
    toggleCaptions: () => setCaptionsOn(!captionsOn),
    transcriptOpen,
    toggleTranscript: () => setTranscriptOpen((open) => !open),
    transcriptId,
    captions,
    cues,
    /** The index of the line being spoken, -1 between lines (or before the words arrive). */
    spoken,
    /** The spoken line's words, null between lines. */
    spokenText: spoken >= 0 ? cues![spoken]!.text : null,
  };
}

export type StageWords = ReturnType<typeof useStageWords>;
