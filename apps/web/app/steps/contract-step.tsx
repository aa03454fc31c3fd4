import type { StepRendererProps } from "./step-props.ts";

type Contract = { title: string; paragraphs: string[] };

function contractOf(data: Record<string, unknown> | null): Contract | null {
  const contract = data?.contract as Partial<Contract> | undefined;
  return contract && typeof contract.title === "string" && Array.isArray(contract.paragraphs) ? (contract as Contract) : null;
}

/** contract_agreement_test: the contract rendered by the server from the customer's data and offer, then the agreement. */
export default function ContractStep({ step, fields }: StepRendererProps) {
  const contract = contractOf(step.data);
  return (
    <>
      {contract ? (
        <article className="flow-contract" tabIndex={0} aria-label={contract.title}>
          <h2>{contract.title}</h2>
          <ol>
            {contract.paragraphs.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ol>
        </article>
      ) : null}
      {fields}
    </>
  );
}
