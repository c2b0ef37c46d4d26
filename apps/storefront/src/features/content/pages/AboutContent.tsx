import { Link } from 'react-router';
import '../content.css';
import { paths } from '#storefront/lib/paths.ts';

/** The brand story, mission, what sets Kapaas apart and its vision (product.md §2, About). */
export function AboutContent() {
  return (
    <div className="prose">
      <p className="prose__lead">
        Kapaas is the Hindi word for cotton. We make soft, honest clothing for babies and young children from GOTS
        certified organic cotton, coloured with plants and made by hand in India.
      </p>

      <h2>Our story</h2>
      <p>
        Kapaas began at a kitchen table in Jaipur, when a new mother went looking for a first jhabla that had not been
        grown with pesticides or dyed with harsh chemicals, and could not find one she trusted. She found instead the
        weavers and block printers of Sanganer and Bagru, families who have worked with cotton and natural colour for
        generations, and asked them to make a few pieces for her daughter.
      </p>
      <p>
        Friends asked for the same, then friends of friends. Today Kapaas works with small workshops across Rajasthan
        and Gujarat, but every piece is still made the way that first jhabla was: slowly, by hand, from cotton we can
        trace from the farm to the folded parcel.
      </p>

      <h2>Our mission</h2>
      <p>
        A baby’s skin is thinner and more sensitive than ours, and new clothes touch it all day and all night. Our
        mission is simple: to make every piece gentle enough for a newborn, kind to the farmers and artisans who make
        it, and light on the earth our children will inherit.
      </p>

      <h2>What makes us different</h2>
      <ul className="about-values">
        <li>
          <h3>GOTS certified organic cotton</h3>
          Our cotton is grown without synthetic pesticides or fertilisers and processed to the Global Organic Textile
          Standard, which also checks fair wages and safe working conditions.
        </li>
        <li>
          <h3>Colours from plants</h3>
          We dye with haldi (turmeric), indigo, madder, pomegranate rind and harda. Natural dyes are soothing on the
          skin, and no two batches are exactly alike.
        </li>
        <li>
          <h3>Made by Indian artisans</h3>
          Hand block printing, hand stitching and soft mulmul weaving keep traditional crafts alive and pay the people
          who practise them fairly.
        </li>
        <li>
          <h3>Designed for little bodies</h3>
          Breathable mulmul, flat seams, tie fastenings and roomy cuts that let babies move, sleep and grow. Most pieces
          are gender neutral, made to be handed down.
        </li>
      </ul>

      <h2>Our vision</h2>
      <p>
        We imagine a childhood wardrobe that does no harm: clothes that are grown cleanly, made fairly, worn lovingly by
        one child after another and, at the very end, returned to the soil. Every order brings that a little closer, and
        we are grateful you are part of it.
      </p>
      <p>
        Questions about sizes, fabrics or gifting? <Link to={paths.contact}>Write to us</Link>, we love hearing from
        parents.
      </p>
    </div>
  );
}
