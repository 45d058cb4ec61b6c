import { useSite } from "~/lib/use-site";
import { dayText } from "./service-record-text";
import type { ServiceRecord } from "./service-records.schema";

const COUNT = new Intl.NumberFormat("en-US");

/**
 * The windshield sticker: a 50 × 50 mm (2 × 2 in) label with the next oil change's date and mileage
 * large, the oil used, and the shop's name and phone. Sized in millimetres and points, so it
 * prints at its size (the `sticker` page of app.css); shown larger on screen to be read.
 */
export function WindshieldSticker({ record }: { record: ServiceRecord }) {
  const site = useSite();
  return (
    <section
      aria-label="Windshield sticker"
      className="windshield-sticker flex h-[50mm] w-[50mm] flex-col items-center justify-between overflow-hidden rounded-[2mm] border border-slate-400 bg-white p-[3mm] text-center leading-tight text-black [zoom:1.6] print:rounded-none print:border-0 print:[zoom:1]"
    >
      <p className="text-[7pt] font-bold tracking-[0.12em] uppercase">Next service</p>
      <div>
        <p className="text-[15pt] font-extrabold">{dayText(record.nextDueDate)}</p>
        <p className="text-[7pt]">or at</p>
        <p className="text-[15pt] font-extrabold">{COUNT.format(record.nextDueMileage)} mi</p>
      </div>
      <p className="text-[6.5pt]">
        {record.oilName} · {COUNT.format(record.odometer)} mi on {dayText(record.servicedOn)}
      </p>
      <div className="w-full border-t border-black pt-[1mm]">
        <p className="text-[8pt] font-bold">{site.name}</p>
        <p className="text-[8pt]">{site.phone}</p>
      </div>
    </section>
  );
}
