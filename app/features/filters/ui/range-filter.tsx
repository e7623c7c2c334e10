import { type KeyboardEvent, useEffect, useState } from 'react';
import { I18nProvider, Label, Slider, SliderFill, SliderOutput, SliderThumb, SliderTrack } from 'react-aria-components';
import { clampRange, formatNumber, parseRangeValue, rangeValue } from '../range';
import { FilterFrame } from './filter-frame';
import { type SmartFilterProps, useFilter } from './use-filter';
import { rangeBounds } from './values';

/**
 * The numeric range (spec 001 §5): a two-thumb slider and two number boxes, both clamped to the
 * bounds and one step apart by clampRange; the value (`lo_hi`) applies when a thumb is let go or a
 * box is left; the full range is no filter. Without JavaScript the boxes are the form's fields.
 */
export function RangeFilter(props: SmartFilterProps) {
  const { filter } = props;
  const f = useFilter(props);
  const bounds = rangeBounds(filter);
  const format = filter.settings;
  const applied = (typeof f.value === 'string' && parseRangeValue(f.value, bounds)) || [bounds.min, bounds.max];
  const [lo, hi] = applied;
  const [values, setValues] = useState<[number, number]>([lo, hi]);
  const [texts, setTexts] = useState<[string, string]>([String(lo), String(hi)]);

  // The applied value changed elsewhere (remove-all, Back): thumbs and boxes follow it.
  useEffect(() => {
    setValues([lo, hi]);
    setTexts([String(lo), String(hi)]);
  }, [lo, hi]);

  const apply = ([a, b]: [number, number]) => {
    setValues([a, b]);
    setTexts([String(a), String(b)]);
    f.change(rangeValue(bounds, a, b) || null);
  };
  const commitText = (which: 0 | 1) => {
    const typed = Number(texts[which].replace(',', '.'));
    const next: [number, number] = which === 0 ? [typed, values[1]] : [values[0], typed];
    if (!Number.isFinite(typed) || texts[which].trim() === '') {
      setTexts([String(values[0]), String(values[1])]);
      return;
    }
    apply(clampRange(bounds, next[0], next[1], which === 0 ? 'lo' : 'hi'));
  };
  const onKeyDown = (which: 0 | 1) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    commitText(which);
  };
  const box = (which: 0 | 1, label: string) => (
    <label className="jet-range__input-row">
      <span className="jet-range__input-label">{label}</span>
      <input
        type="number"
        className="jet-range__input"
        name={`${filter.queryKey}[]`}
        form={f.formId}
        inputMode="decimal"
        min={bounds.min}
        max={bounds.max}
        step={bounds.step}
        value={texts[which]}
        onChange={(e) => {
          const text = e.currentTarget.value;
          setTexts((t) => (which === 0 ? [text, t[1]] : [t[0], text]));
        }}
        onBlur={() => commitText(which)}
        onKeyDown={onKeyDown(which)}
      />
    </label>
  );
  return (
    <FilterFrame {...f.frame()} group={false}>
      {/* The site's language, fixed: the server and the browser must write the thumbs' values alike. */}
      <I18nProvider locale="id-ID">
        <Slider<number[]>
          className="jet-range"
          minValue={bounds.min}
          maxValue={bounds.max}
          step={bounds.step}
          value={values}
          onChange={(next) => {
            const [a = bounds.min, b = bounds.max] = next;
            setValues(clampRange(bounds, a, b, a !== values[0] ? 'lo' : 'hi'));
          }}
          onChangeEnd={(next) => {
            const [a = bounds.min, b = bounds.max] = next;
            apply(clampRange(bounds, a, b, a !== lo ? 'lo' : 'hi'));
          }}
        >
          <Label className="jet-filter-label">{filter.label}</Label>
          <SliderOutput className="jet-range__values">
            {() => (
              <>
                <span className="jet-range__values-min">{formatNumber(values[0], format)}</span>
                {' – '}
                <span className="jet-range__values-max">{formatNumber(values[1], format)}</span>
              </>
            )}
          </SliderOutput>
          <SliderTrack className="jet-range__slider__track">
            <SliderFill className="jet-range__slider__range" />
            <SliderThumb index={0} className="jet-range__slider__thumb" aria-label={`${filter.label}: terendah`} />
            <SliderThumb index={1} className="jet-range__slider__thumb" aria-label={`${filter.label}: tertinggi`} />
          </SliderTrack>
        </Slider>
      </I18nProvider>
      <div className="jet-range__inputs">
        {box(0, 'Dari')}
        {box(1, 'Sampai')}
      </div>
    </FilterFrame>
  );
}
